import ScenecKit
import SceneRender

/// What scenec reads from its surroundings: the clock (for `time: now`) and SOURCE_DATE_EPOCH.
enum Environment {
    static var render: RenderEnvironment { Surroundings.renderEnvironment }

    static var sourceDateEpoch: Int? { Surroundings.sourceDateEpoch }
}

import ScenecKit
import SceneRender

/// What scenec reads from its surroundings: the clock (for `time: now`) and SOURCE_DATE_EPOCH.
package enum Environment {
    package static var render: RenderEnvironment { Surroundings.renderEnvironment }

    package static var sourceDateEpoch: Int? { Surroundings.sourceDateEpoch }
}

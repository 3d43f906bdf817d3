import SceneCheck
import ScenePreview
import ScenecKit

extension StaticSheet {
    /// The sheet of one compiled scene, as `scenec preview --static` and `build --preview`
    /// write it, drawn in this process's surroundings (the clock, SOURCE_DATE_EPOCH).
    package static func html(_ base: CompiledScene, frontend: Frontend, set: [String], variants: Variants,
                             time: Double) -> Result<[UInt8], StaticSheet.Failure> {
        StaticSheet(base: base, frontend: frontend, baseSet: set, variants: variants, environment: Environment.render)
            .html(at: time)
    }
}

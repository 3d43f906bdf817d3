import ScenecBuild
import CommandLineOptions
import SceneModel

extension SceneTimeoutOption {
    package static let sceneTimeout = Option<Double?, Shared>.number(
        "--scene-timeout", value: "SECONDS",
        help: "stop a scene whose drawing, frames or export take longer (a located error; build --keep-going goes on "
            + "to the next scene)",
        default: formatNumber(defaultSeconds), group: LimitOptions.group)
}

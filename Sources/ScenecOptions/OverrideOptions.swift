import ScenecBuild
import CommandLineOptions
import SceneModel

/// `--set`, `--set-where-present` and `--appearance`: the values a command draws a scene with.
package enum OverrideOptions {
    package static let group = "values"
    package static let set = Option<[String], Shared>.repeated(
        "--set", value: "ADDRESS=VALUE",
        help: "override a value (repeatable), checked like the file and applied after styles and the file; "
            + "ADDRESS is ID.ATTR, views[0].children[1].ATTR (any view, by index), ID.style, ID.frame.KEY (x, y, centerX, centerY, width, height), "
            + "ID.PARAM (an instance's argument), ID.LOCAL.ATTR (a view inside an instance, such as cpu.ring.progress), "
            + "canvas.ATTR, styles.NAME.ATTR "
            + "or timeline.animations[I].KEY (keyframes[K].value, or keyframes[at: T].value for the value at a time); "
            + "an animated ID.ATTR replaces its animation (a warning says so)",
        group: group)
    package static let setWherePresent = Flag<Shared>(
        "--set-where-present",
        help: "a --set naming an id, index or style the scene lacks is skipped, not an error (as in scenec build, "
            + "where one --set serves many scenes)",
        group: group)
    package static let appearance = Option<Appearance?, Shared>.choice(
        "--appearance", value: "light|dark",
        help: "which side of iOS system colors (systemBlue, label, …) and {light, dark} colors to draw with (default light)",
        suggesting: true, group: group)
    package static let all = declarations(set, setWherePresent, appearance)
}

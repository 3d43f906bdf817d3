import ScenecBuild
import CommandLineOptions
import ScenecOptions

/// `scenec check`'s options: the shared groups alone.
enum CheckCommandOptions: MaySkipSets {
    static let all = SceneOptionGroups.all + declarations(StandardOptions.help)
}

/// `scenec inspect`'s options.
enum InspectOptions: MaySkipSets {
    static let json = Flag<InspectOptions>("--json", help: "print JSON instead of tables")
    static let wide = Flag<InspectOptions>("--wide", help: "add each attribute's default and range")
    static let time = Option<String?, InspectOptions>(OutputOptions.time.withHelp("show attribute values at this moment of the timeline; default the scene's canvas.poster, else 0"))
    static let all = declarations(json, wide, time)
        + SceneOptionGroups.all + declarations(StandardOptions.help)
}

/// `scenec export`'s options.
enum ExportOptions: MaySkipSets {
    static let output = Option<[String], ExportOptions>.repeated(
        "--output", aliases: ["-o"], value: "PATH", help: "where to write the JSON ('-' for standard output)", path: true)
    static let all = declarations(output) + SceneOptionGroups.all + declarations(StandardOptions.help)
}

/// `scenec edit`'s options: what it writes, and the groups the edited scene is checked with.
enum EditOptions: ReadsScenes {
    static let diff = Flag<EditOptions>(
        "--diff", help: "print the change as a unified diff on standard output (as git diff writes it: git apply or patch -p1 take it)")
    static let dryRun = Flag<EditOptions>("--dry-run", help: "write nothing; with --diff, show what would change")
    static let setHelp = OverrideOptions.set.withHelp(
        "a value to write (repeatable, applied in order): ID.ATTR, views[0].children[1].ATTR, ID.style, ID.frame.KEY, "
            + "ID.PARAM (an instance's argument, written in the instance; a view inside an instance is refused), canvas.ATTR, "
            + "styles.NAME.ATTR or timeline.animations[I].KEY, keyframes[at: T].value adding a keyframe at a time "
            + "(styles.NAME.ATTR edits the style itself; an animated ID.ATTR "
            + "also deletes its animation)").grouped(nil)
    static let move = Option<[String], EditOptions>.repeated(
        "--move", value: "VIEW=INDEX",
        help: "move a view to INDEX of its own list (views, or its container's children), with its comment lines; "
            + "VIEW is its address, such as 'views[0].children[2]=0' (repeatable, made in order after the --set values)")
    static let appearanceHelp = OverrideOptions.appearance.withHelp(
        "accepted as every command takes it; system colors and {light, dark} are written as given, whichever it is")

    static let all = declarations(setHelp, move, diff, dryRun) + DiagnosticOptions.all + ProjectOptions.all
        + declarations(appearanceHelp) + LimitOptions.all + declarations(SceneTimeoutOption.sceneTimeout, StandardOptions.help)
}

/// `scenec lsp`'s options: the limits and the project; the editor sends the rest.
enum LspOptions: TakesProject, TakesLimits {
    static let debounce = Option<Int?, LspOptions>.count(
        "--debounce", value: "MS", help: "check a document MS milliseconds after the last change", default: "30")
    static let all = declarations(debounce) + LimitOptions.all + ProjectOptions.all + declarations(StandardOptions.help)
}

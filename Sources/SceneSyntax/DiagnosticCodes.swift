/// What kind of problem a diagnostic reports, in the user's words and stable: tools and the
/// editor's quick fixes match on the code, never on the message. The catalogue — each code's
/// summary, severity, example and fix — is `entry`, from which `make generated` writes
/// docs/diagnostics.md. A new problem takes an existing code when one fits; a new code needs
/// its entry (the switch makes the compiler ask for it) and an example that shows it.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A diagnostic made without a code. None should be: the bad-scene corpus test refuses it.
    case unclassified

    // Reading the file
    case notText = "not-text"
    case yamlSyntax = "yaml-syntax"
    case yamlIndentation = "yaml-indentation"
    case hashCommentColour = "hash-comment-colour"
    case commaInFlowValue = "comma-in-flow-value"
    case duplicateKey = "duplicate-key"
    case badAlias = "bad-alias"
    case limitExceeded = "limit-exceeded"

    // The scene's structure
    case wrongStructure = "wrong-structure"
    case unsupportedVersion = "unsupported-version"
    case missingKey = "missing-key"
    case unknownKey = "unknown-key"
    case conflictingKeys = "conflicting-keys"
    case missingFrame = "missing-frame"
    case childrenNotAllowed = "children-not-allowed"
    case badImport = "bad-import"

    // Views, ids, styles and values
    case unknownViewType = "unknown-view-type"
    case unknownAttribute = "unknown-attribute"
    case unknownID = "unknown-id"
    case duplicateID = "duplicate-id"
    case unknownStyle = "unknown-style"
    case badValue = "bad-value"
    case outOfRange = "out-of-range"
    case badTextBinding = "bad-text-binding"
    case timeNow = "time-now"

    // The timeline
    case notAnimatable = "not-animatable"
    case animationNeverChanges = "animation-never-changes"
    case animationNeverSeen = "animation-never-seen"
    case overrideReplacesAnimation = "override-replaces-animation"

    // Command-line options and edits
    case badOption = "bad-option"
    case editRefused = "edit-refused"

    // Files, fonts, limits in time, export
    case fileError = "file-error"
    case fontNotFound = "font-not-found"
    case fontUnavailable = "font-unavailable"
    case sceneTimeout = "scene-timeout"
    case lottieUnsupported = "lottie-unsupported"

    // What draws nothing (lint, after layout)
    case lintNoRadius = "lint-no-radius"
    case lintHandLength = "lint-hand-length"
    case lintHandWidth = "lint-hand-width"
    case lintOffCanvas = "lint-off-canvas"
    case lintInvisible = "lint-invisible"
    case lintNoSweep = "lint-no-sweep"

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    /// The page that documents every code, relative to the repository (each code is an anchor).
    public static let documentationPage = "docs/diagnostics.md"
}

/// One code's line in the catalogue.
public struct DiagnosticCodeEntry: Sendable {
    /// What the code means, one line.
    public let summary: String
    /// The severity diagnostics with this code have (lint's `lint-hand-length` is an error for a
    /// negative length, a warning for one past the rim: the usual one is given).
    public let severity: Diagnostic.Severity
    /// A scene (or a command, for options) that shows the problem.
    public let example: DiagnosticExample?
    /// What the diagnostic's fix does, when it carries one.
    public let fix: String?
}

/// How a code's example is given: a whole scene file, checked by the tests for that code, or a
/// command line for problems in options and edits.
public enum DiagnosticExample: Sendable {
    case scene(String)
    case command(String)
}

extension DiagnosticCode {
    private static let canvas = "canvas: {width: 200, height: 200}\n"
    private static func ring(_ extra: String) -> String {
        canvas + "views:\n  - {type: ring, id: r, frame: {x: 10, y: 10, width: 100, height: 100}\(extra)}\n"
    }

    public var entry: DiagnosticCodeEntry {
        func e(_ summary: String, _ example: DiagnosticExample?, fix: String? = nil) -> DiagnosticCodeEntry {
            DiagnosticCodeEntry(summary: summary, severity: .error, example: example, fix: fix)
        }
        func w(_ summary: String, _ example: DiagnosticExample?) -> DiagnosticCodeEntry {
            DiagnosticCodeEntry(summary: summary, severity: .warning, example: example, fix: nil)
        }
        let canvas = Self.canvas, ring = Self.ring
        switch self {
        case .unclassified:
            return e("A problem not yet given a code (a bug in scenec: every diagnostic should have one).", nil)
        case .notText:
            return e("The file is not UTF-8 text, or holds a control character other than TAB, CR and LF.",
                     .scene(canvas + "views: []\n# a NUL byte, shown as its picture: \u{0}\n"))
        case .yamlSyntax:
            return e("The file is not valid YAML: an unclosed bracket or quote, a character that cannot start a value, a second document.",
                     .scene(canvas + "views: [{type: ring\n"))
        case .yamlIndentation:
            return e("A line does not line up with its siblings, or is indented with a tab: YAML nests by indentation, with spaces.",
                     .scene("canvas:\n  width: 200\n   height: 200\nviews: []\n"),
                     fix: "indents a misaligned key to its siblings' column (when only spaces come before it)")
        case .hashCommentColour:
            return e("An unquoted `#colour`: in YAML a ` #` starts a comment, so the key has no value (or a `{…}` is cut short).",
                     .scene(canvas + "views:\n  - type: ring\n    frame: {x: 10, y: 10, width: 100, height: 100}\n    progressColor: #ff2d55\n"),
                     fix: "quotes the colour: `progressColor: \"#ff2d55\"`")
        case .commaInFlowValue:
            return e("Inside `{…}` a `, ` ends a value, so an unquoted value with commas (`rgb(255, 45, 85)`, `cubicBezier(…)`) was cut short.",
                     .scene(ring(", progressColor: rgb(255, 45, 85)")), fix: "puts the value in double quotes")
        case .duplicateKey:
            return e("A mapping gives the same key twice.",
                     .scene(canvas + "canvas: {width: 100, height: 100}\nviews: []\n"))
        case .badAlias:
            return e("An alias (`*name`) with no anchor before it, one inside its own anchor, or a `<<` merge of something that is not a mapping.",
                     .scene(canvas + "views: *missing\n"))
        case .limitExceeded:
            return e("The scene is larger than a limit allows (nesting, nodes, views, frames, pixels, imports); the limits are in docs/language.md §7.",
                     .scene("canvas: {width: 20000, height: 100}\nviews: []\n"))
        case .wrongStructure:
            return e("A mapping, list or text where the language wants another (a `canvas` that is a list, `views` that is not a list).",
                     .scene(canvas + "views: {type: ring}\n"))
        case .unsupportedVersion:
            return e("`version` is not 1, the only version of the scene language.", .scene("version: 2\n" + canvas + "views: []\n"))
        case .missingKey:
            return e("A key the language needs is missing (`canvas`, `views`, a canvas's `height`, a view's `type`, an animation's `target`).",
                     .scene("canvas: {width: 200}\nviews: []\n"))
        case .unknownKey:
            return e("A key that a fixed mapping (the scene, `canvas`, `frame`, a colour, a spring) does not have.",
                     .scene("canvas: {width: 200, heigth: 200}\nviews: []\n"),
                     fix: "replaces the key with the one it is nearest to, when one is close enough")
        case .conflictingKeys:
            return e("Two keys that say the same thing, or cannot go together (`x` and `centerX`, `frame` and `size`, a frame on a stack's child).",
                     .scene(canvas + "views:\n  - {type: ring, frame: {x: 10, centerX: 50, y: 10, width: 100, height: 100}}\n"))
        case .missingFrame:
            return e("A view that is not placed by a stack or grid has no `frame`.", .scene(canvas + "views:\n  - {type: ring}\n"))
        case .childrenNotAllowed:
            return e("`children` on a view that is not a group, stack or grid.", .scene(ring(", children: []")))
        case .badImport:
            return e("An import that cannot be read: missing, a cycle, outside the allowed folders, or a file that holds more than styles.",
                     .scene("imports: [missing-theme.yaml]\n" + canvas + "views: []\n"))
        case .unknownViewType:
            return e("`type` names no view kind.", .scene(canvas + "views:\n  - {type: rign, frame: {x: 10, y: 10, width: 100, height: 100}}\n"),
                     fix: "replaces the type with the nearest kind's name")
        case .unknownAttribute:
            return e("An attribute the view's kind (or a style, a `{id.attr}` binding, an animation's target) does not have.",
                     .scene(ring(", progres: 0.5")),
                     fix: "replaces the attribute with the nearest one of the kind, when one is close enough")
        case .unknownID:
            return e("An id that no view has, in an animation's target, a `{id.attr}` binding or a `--set`.",
                     .scene(ring("") + "timeline:\n  animations:\n    - {target: rr.progress, to: 1, duration: 1}\n"),
                     fix: "replaces the id with the nearest id in the scene")
        case .duplicateID:
            return e("Two views have the same id.", .scene(canvas + "views:\n  - {type: ring, id: a, frame: {x: 0, y: 0, width: 50, height: 50}}\n  - {type: ring, id: a, frame: {x: 60, y: 0, width: 50, height: 50}}\n"))
        case .unknownStyle:
            return e("`style` names no style of the scene or its imports.",
                     .scene("styles:\n  big: {lineWidth: 20}\n" + ring(", style: bgi")), fix: "replaces the name with the nearest style's")
        case .badValue:
            return e("A value that does not fit its attribute: a word that is not one of its choices, text where a number goes, a colour that is no colour.",
                     .scene(ring(", lineCap: rounded")),
                     fix: "replaces a misspelt word (a choice, an easing, a colour name) with the nearest one, when one is close enough")
        case .outOfRange:
            return e("A number outside what its attribute allows (a negative width, a progress above 1, an rgb channel above 255).",
                     .scene(ring(", progress: 1.5")))
        case .badTextBinding:
            return e("A `{…}` in a text that is not `{id.attribute:format}`, or a format the attribute cannot take.",
                     .scene(canvas + "views:\n  - {type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: \"{oops}\"}\n"))
        case .timeNow:
            return w("`time: now` draws the clock at the local time of rendering, so the picture is not reproducible.",
                     .scene(canvas + "views:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, time: now}\n"))
        case .notAnimatable:
            return e("An animation targets an attribute that cannot change over time.",
                     .scene(ring("") + "timeline:\n  animations:\n    - {target: r.lineCap, to: round, duration: 1}\n"))
        case .animationNeverChanges:
            return w("Every value an animation gives is the same, so it changes nothing.",
                     .scene(ring(", progress: 0.5") + "timeline:\n  animations:\n    - {target: r.progress, from: 0.5, to: 0.5, duration: 1}\n"))
        case .animationNeverSeen:
            return w("An animation begins after the timeline has ended.",
                     .scene(ring("") + "timeline:\n  duration: 1\n  animations:\n    - {target: r.progress, to: 1, begin: 2, duration: 1}\n"))
        case .overrideReplacesAnimation:
            return w("`--set` gives a constant to an animated attribute: the animation is replaced by that value.",
                     .command("scenec render ring.scene.yaml --set r.progress=1   # r.progress is animated"))
        case .badOption:
            return e("A command-line option that cannot apply: a `--set` that is not `ADDRESS=VALUE` or sets what cannot be set, a time, scale or fps out of range.",
                     .command("scenec check ring.scene.yaml --set r.type=pie"))
        case .editRefused:
            return e("`scenec edit` (or the preview's write-back) cannot write the change safely into the file, as when the value is an alias of an anchor used elsewhere.",
                     .command("scenec edit ring.scene.yaml --set r.progress=1   # progress written as *shared"))
        case .fileError:
            return e("A file cannot be read or written: it is missing, outside the folders scenec may read, too large, or its folder is not writable.",
                     .command("scenec check missing.scene.yaml"))
        case .fontNotFound:
            return e("A file listed in `fonts` cannot be found or is not a font.", .scene("fonts: [fonts/Missing.ttf]\n" + canvas + "views: []\n"))
        case .fontUnavailable:
            return w("A `font` no font file or installed font provides; another family draws the text.",
                     .scene(canvas + "views:\n  - {type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: Hi, font: No Such Font}\n"))
        case .sceneTimeout:
            return e("Checking, laying out or drawing the scene took longer than `--scene-timeout`.",
                     .command("scenec render huge.scene.yaml --scene-timeout 0.001"))
        case .lottieUnsupported:
            return w("Lottie cannot express an attribute's value; the export approximates it.",
                     .command("scenec export label.scene.yaml -o label.json   # a label: Lottie has no text here"))
        case .lintNoRadius:
            return w("A ring's (or indicator's) lineWidth is so wide that it leaves no radius: nothing is drawn.",
                     .scene(ring(", lineWidth: 150")))
        case .lintHandLength:
            return w("A clock hand's length is negative (an error) or reaches past the face (a warning).",
                     .scene(canvas + "views:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, hourHandLength: 200}\n"))
        case .lintHandWidth:
            return w("A clock hand is as wide as the whole face.",
                     .scene(canvas + "views:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, hourHandWidth: 120}\n"))
        case .lintOffCanvas:
            return w("A view lies entirely outside the canvas.",
                     .scene(canvas + "views:\n  - {type: ring, frame: {x: 300, y: 10, width: 100, height: 100}}\n"))
        case .lintNoSweep:
            return w("A gauge's endAngle is not past its startAngle, so its dial has no sweep: only the needle is drawn.",
                     .scene(canvas + "views:\n  - {type: gauge, frame: {x: 10, y: 10, width: 100, height: 100}, startAngle: 90, endAngle: 90}\n"))
        case .lintInvisible:
            return w("Every visible part of a view is fully transparent (alpha 0), so it draws nothing.",
                     .scene(canvas + "views:\n  - {type: pie, frame: {x: 10, y: 10, width: 100, height: 100}, progress: 0.5, fillColor: clear, backgroundColor: clear, borderWidth: 0}\n"))
        }
    }
}

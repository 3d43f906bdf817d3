/// What kind of problem a diagnostic reports, in the user's words and stable: tools and the
/// editor's quick fixes match on the code, never on the message. Open, so that a view kind
/// declares its own lint codes in its model file (`KindDeclaration.lintCodes`) rather than here.
/// The catalogue — each code's summary, severity, example and fix — is `core` below plus every
/// kind's (`DiagnosticCode.catalogue` in SceneModel), from which `make generated` writes
/// docs/diagnostics.md. A new problem takes an existing code when one fits; a new code needs
/// its entry and an example that shows it (DiagnosticCodesTests checks both).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable, Codable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A code is written as its name, in the build manifest as in the JSON diagnostics.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A diagnostic made without a code. None should be: the bad-scene corpus test refuses it.
    public static let unclassified = DiagnosticCode("unclassified")

    // Reading the file
    public static let notText = DiagnosticCode("not-text")
    public static let yamlSyntax = DiagnosticCode("yaml-syntax")
    public static let yamlIndentation = DiagnosticCode("yaml-indentation")
    public static let hashCommentColour = DiagnosticCode("hash-comment-colour")
    public static let missingColon = DiagnosticCode("missing-colon")
    public static let missingSpaceAfterColon = DiagnosticCode("missing-space-after-colon")
    public static let commaInFlowValue = DiagnosticCode("comma-in-flow-value")
    public static let duplicateKey = DiagnosticCode("duplicate-key")
    public static let badAlias = DiagnosticCode("bad-alias")
    public static let limitExceeded = DiagnosticCode("limit-exceeded")

    // The scene's structure
    public static let wrongStructure = DiagnosticCode("wrong-structure")
    public static let unsupportedVersion = DiagnosticCode("unsupported-version")
    public static let missingKey = DiagnosticCode("missing-key")
    public static let unknownKey = DiagnosticCode("unknown-key")
    public static let conflictingKeys = DiagnosticCode("conflicting-keys")
    public static let missingFrame = DiagnosticCode("missing-frame")
    public static let childrenNotAllowed = DiagnosticCode("children-not-allowed")
    public static let badImport = DiagnosticCode("bad-import")

    // Views, ids, styles and values
    public static let unknownViewType = DiagnosticCode("unknown-view-type")
    public static let unknownAttribute = DiagnosticCode("unknown-attribute")
    public static let unknownID = DiagnosticCode("unknown-id")
    public static let duplicateID = DiagnosticCode("duplicate-id")
    public static let unknownStyle = DiagnosticCode("unknown-style")
    public static let badValue = DiagnosticCode("bad-value")
    public static let outOfRange = DiagnosticCode("out-of-range")
    public static let badTextBinding = DiagnosticCode("bad-text-binding")
    /// Components (docs/language.md §11).
    public static let unknownParameter = DiagnosticCode("unknown-parameter")
    public static let componentCycle = DiagnosticCode("component-cycle")
    public static let unusedParameter = DiagnosticCode("unused-parameter")
    public static let timeNow = DiagnosticCode("time-now")

    // The timeline
    public static let notAnimatable = DiagnosticCode("not-animatable")
    public static let animationNeverChanges = DiagnosticCode("animation-never-changes")
    public static let animationNeverSeen = DiagnosticCode("animation-never-seen")
    public static let overrideReplacesAnimation = DiagnosticCode("override-replaces-animation")
    public static let posterWithoutTimeline = DiagnosticCode("poster-without-timeline")

    // Command-line options and edits
    public static let badOption = DiagnosticCode("bad-option")
    public static let editRefused = DiagnosticCode("edit-refused")

    // Files, fonts, limits in time, export
    public static let fileError = DiagnosticCode("file-error")
    public static let fontNotFound = DiagnosticCode("font-not-found")
    public static let fontUnavailable = DiagnosticCode("font-unavailable")
    public static let sceneTimeout = DiagnosticCode("scene-timeout")
    public static let lottieUnsupported = DiagnosticCode("lottie-unsupported")

    // What draws nothing (lint, after layout); each kind's own are in its model file
    public static let lintOffCanvas = DiagnosticCode("lint-off-canvas")
    public static let lintInvisible = DiagnosticCode("lint-invisible")
    public static let lintTextOverflow = DiagnosticCode("lint-text-overflow")
    public static let lintRingLabelSmall = DiagnosticCode("lint-ring-label-small")
    public static let lintChildrenOverflow = DiagnosticCode("lint-children-overflow")
    public static let missingGlyph = DiagnosticCode("missing-glyph")
    /// `repeat: []` (docs/language.md §11).
    public static let emptyRepeat = DiagnosticCode("empty-repeat")

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    /// The page that documents every code, relative to the repository (each code is an anchor).
    public static let documentationPage = "docs/diagnostics.md"
}

/// One code's line in the catalogue.
public struct DiagnosticCodeEntry: Sendable {
    public let code: DiagnosticCode
    /// What the code means, one line.
    public let summary: String
    /// The severity diagnostics with this code have (lint's `lint-hand-length` is an error for a
    /// negative length, a warning for one past the rim: the usual one is given).
    public let severity: Diagnostic.Severity
    /// A scene (or a command, for options) that shows the problem.
    public let example: DiagnosticExample?
    /// What the diagnostic's fix does, when it carries one.
    public let fix: String?

    public init(_ code: DiagnosticCode, summary: String, severity: Diagnostic.Severity, example: DiagnosticExample?,
                fix: String? = nil) {
        self.code = code
        self.summary = summary
        self.severity = severity
        self.example = example
        self.fix = fix
    }

    /// An error's entry.
    public static func error(_ code: DiagnosticCode, _ summary: String, _ example: DiagnosticExample?,
                             fix: String? = nil) -> DiagnosticCodeEntry {
        DiagnosticCodeEntry(code, summary: summary, severity: .error, example: example, fix: fix)
    }

    /// A warning's entry.
    public static func warning(_ code: DiagnosticCode, _ summary: String, _ example: DiagnosticExample?) -> DiagnosticCodeEntry {
        DiagnosticCodeEntry(code, summary: summary, severity: .warning, example: example)
    }
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

    /// The codes of reading, checking and exporting a scene, and the lints no one kind owns, in
    /// the order of the page; the kinds' own follow them in `DiagnosticCode.catalogue`.
    public static let core: [DiagnosticCodeEntry] = {
        func e(_ code: DiagnosticCode, _ summary: String, _ example: DiagnosticExample?, fix: String? = nil) -> DiagnosticCodeEntry {
            .error(code, summary, example, fix: fix)
        }
        func w(_ code: DiagnosticCode, _ summary: String, _ example: DiagnosticExample?) -> DiagnosticCodeEntry {
            .warning(code, summary, example)
        }
        let canvas = Self.canvas, ring = Self.ring
        return [
            e(.unclassified, "A problem not yet given a code (a bug in scenec: every diagnostic should have one).", nil),
            e(.notText, "The file is not UTF-8 text, or holds a control character other than TAB, CR and LF.",
                .scene(canvas + "views: []\n# a NUL byte, shown as its picture: \u{0}\n")),
            e(.yamlSyntax, "The file is not valid YAML: an unclosed bracket or quote, a character that cannot start a value, a second document.",
                .scene(canvas + "views: [{type: ring\n")),
            e(.yamlIndentation, "A line does not line up with its siblings, or is indented with a tab: YAML nests by indentation, with spaces.",
                .scene("canvas:\n  width: 200\n   height: 200\nviews: []\n"),
                fix: "indents a misaligned key to its siblings' column (when only spaces come before it)"),
            e(.hashCommentColour, "An unquoted `#colour`: in YAML a ` #` starts a comment, so the key has no value (or a `{…}` is cut short).",
                .scene(canvas + "views:\n  - type: ring\n    frame: {x: 10, y: 10, width: 100, height: 100}\n    progressColor: #ff2d55\n"),
                fix: "quotes the colour: `progressColor: \"#ff2d55\"`"),
            e(.missingColon, "A key written without its colon (`progress 0.5`, or `frame` above its nested keys): YAML reads the line as text.",
                .scene(canvas + "views:\n  - type: ring\n    frame: {x: 10, y: 10, width: 100, height: 100}\n    progress 0.5\n"),
                fix: "adds the colon: `progress: 0.5`"),
            e(.missingSpaceAfterColon, "A key and its value with no space after the colon (`type:ring`): YAML reads them as one piece of text.",
                .scene(canvas + "views:\n  - type:ring\n    frame: {x: 10, y: 10, width: 100, height: 100}\n"),
                fix: "adds the space: `type: ring`"),
            e(.commaInFlowValue, "Inside `{…}` a `, ` ends a value, so an unquoted value with commas (`rgb(255, 45, 85)`, `cubicBezier(…)`) was cut short.",
                .scene(ring(", progressColor: rgb(255, 45, 85)")), fix: "puts the value in double quotes"),
            e(.duplicateKey, "A mapping gives the same key twice.",
                .scene(canvas + "canvas: {width: 100, height: 100}\nviews: []\n")),
            e(.badAlias, "An alias (`*name`) with no anchor before it, one inside its own anchor, or a `<<` merge of something that is not a mapping.",
                .scene(canvas + "views: *missing\n")),
            e(.limitExceeded, "The scene is larger than a limit allows (nesting, nodes, views, frames, pixels, imports); the limits are in docs/language.md §7.",
                .scene("canvas: {width: 20000, height: 100}\nviews: []\n")),
            e(.wrongStructure, "A mapping, list or text where the language wants another (a `canvas` that is a list, `views` that is not a list).",
                .scene(canvas + "views: {type: ring}\n")),
            e(.unsupportedVersion, "`version` is not 1, the only version of the scene language.", .scene("version: 2\n" + canvas + "views: []\n")),
            e(.missingKey, "A key the language needs is missing (`canvas`, `views`, a canvas's `height`, a view's `type`, an animation's `target`).",
                .scene("canvas: {width: 200}\nviews: []\n")),
            e(.unknownKey, "A key that a fixed mapping (the scene, `canvas`, `frame`, a colour, a spring) does not have.",
                .scene("canvas: {width: 200, heigth: 200}\nviews: []\n"),
                fix: "replaces the key with the one it is nearest to, when one is close enough"),
            e(.conflictingKeys, "Two keys that say the same thing, or cannot go together (`x` and `centerX`, `frame` and `size`, a frame on a stack's child).",
                .scene(canvas + "views:\n  - {type: ring, frame: {x: 10, centerX: 50, y: 10, width: 100, height: 100}}\n")),
            e(.missingFrame, "A view that is not placed by a stack or grid has no `frame`.", .scene(canvas + "views:\n  - {type: ring}\n")),
            e(.childrenNotAllowed, "`children` on a view that is not a group, stack or grid.", .scene(ring(", children: []"))),
            e(.badImport, "An import that cannot be read: missing, a cycle, outside the allowed folders, or a file that holds more than styles.",
                .scene("imports: [missing-theme.yaml]\n" + canvas + "views: []\n")),
            e(.unknownViewType, "`type` names no view kind.", .scene(canvas + "views:\n  - {type: rign, frame: {x: 10, y: 10, width: 100, height: 100}}\n"),
                fix: "replaces the type with the nearest kind's name"),
            e(.unknownAttribute, "An attribute the view's kind (or a style, a `{id.attr}` binding, an animation's target) does not have.",
                .scene(ring(", progres: 0.5")),
                fix: "replaces the attribute with the nearest one of the kind, when one is close enough"),
            e(.unknownID, "An id that no view has, in an animation's target, a `{id.attr}` binding or a `--set`.",
                .scene(ring("") + "timeline:\n  animations:\n    - {target: rr.progress, to: 1, duration: 1}\n"),
                fix: "replaces the id with the nearest id in the scene"),
            e(.duplicateID, "Two views have the same id.", .scene(canvas + "views:\n  - {type: ring, id: a, frame: {x: 0, y: 0, width: 50, height: 50}}\n  - {type: ring, id: a, frame: {x: 60, y: 0, width: 50, height: 50}}\n")),
            e(.unknownStyle, "`style` names no style of the scene or its imports.",
                .scene("styles:\n  big: {lineWidth: 20}\n" + ring(", style: bgi")), fix: "replaces the name with the nearest style's"),
            e(.badValue, "A value that does not fit its attribute: a word that is not one of its choices, text where a number goes, a colour that is no colour.",
                .scene(ring(", lineCap: rounded")),
                fix: "replaces a misspelt word (a choice, an easing, a colour name) with the nearest one, when one is close enough, or another toolkit's word with scenec's (`left` → `leading`); writes `0xff0000` and `ff0000` as `\"#ff0000\"`, and `75%` as `0.75` where a fraction goes"),
            e(.outOfRange, "A number outside what its attribute allows (a negative width, a progress above 1, an rgb channel above 255).",
                .scene(ring(", progress: 1.5"))),
            e(.badTextBinding, "A `{…}` in a text that is not `{id.attribute:format}`, or a format the attribute cannot take.",
                .scene(canvas + "views:\n  - {type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: \"{oops}\"}\n")),
            e(.unknownParameter, "A `$name` in a component's definition that is not one of its parameters (write `$$` for a dollar sign).",
                .scene("components:\n  Dot:\n    parameters:\n      side: {kind: number, default: 10}\n    views:\n      - {type: pie, frame: {x: 0, y: 0, width: $sid, height: $side}}\n" + canvas + "views:\n  - {type: Dot, id: d, frame: {x: 0, y: 0, width: 50, height: 50}}\n"),
                fix: "replaces the name with the nearest parameter's, when one is close enough"),
            e(.componentCycle, "A component that uses itself, directly or through other components.",
                .scene("components:\n  Loop:\n    views:\n      - {type: Loop, id: again, frame: {x: 0, y: 0, width: 10, height: 10}}\n" + canvas + "views: []\n")),
            w(.unusedParameter, "A component's parameter that its views and animations never use.",
                .scene("components:\n  Dot:\n    parameters:\n      side: {kind: number, default: 10}\n    views:\n      - {type: pie, frame: {x: 0, y: 0, width: 10, height: 10}}\n" + canvas + "views: []\n")),
            w(.timeNow, "`time: now` draws the clock at the local time of rendering, so the picture is not reproducible.",
                .scene(canvas + "views:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, time: now}\n")),
            e(.notAnimatable, "An animation targets an attribute that cannot change over time.",
                .scene(ring("") + "timeline:\n  animations:\n    - {target: r.lineCap, to: round, duration: 1}\n")),
            w(.animationNeverChanges, "Every value an animation gives is the same, so it changes nothing.",
                .scene(ring(", progress: 0.5") + "timeline:\n  animations:\n    - {target: r.progress, from: 0.5, to: 0.5, duration: 1}\n")),
            w(.animationNeverSeen, "An animation begins after the timeline has ended.",
                .scene(ring("") + "timeline:\n  duration: 1\n  animations:\n    - {target: r.progress, to: 1, begin: 2, duration: 1}\n")),
            w(.posterWithoutTimeline, "`canvas.poster` on a scene without a timeline: every moment shows the same picture, so it does nothing.",
                .scene("canvas: {width: 120, height: 120, poster: 1s}\nviews:\n  - {type: ring, id: r, frame: {x: 10, y: 10, width: 100, height: 100}}\n")),
            w(.overrideReplacesAnimation, "`--set` gives a constant to an animated attribute: the animation is replaced by that value.",
                .command("scenec render ring.scene.yaml --set r.progress=1   # r.progress is animated")),
            e(.badOption, "A command-line option that cannot apply: a `--set` that is not `ADDRESS=VALUE` or sets what cannot be set, a time, scale or fps out of range.",
                .command("scenec check ring.scene.yaml --set r.type=pie")),
            e(.editRefused, "`scenec edit` (or the preview's write-back) cannot write the change safely into the file, as when the value is an alias of an anchor used elsewhere.",
                .command("scenec edit ring.scene.yaml --set r.progress=1   # progress written as *shared")),
            e(.fileError, "A file cannot be read or written: it is missing, outside the folders scenec may read, too large, or its folder is not writable.",
                .command("scenec check missing.scene.yaml")),
            e(.fontNotFound, "A file listed in `fonts` cannot be found or is not a font.", .scene("fonts: [fonts/Missing.ttf]\n" + canvas + "views: []\n")),
            w(.fontUnavailable, "A `font` no font file or installed font provides; another family draws the text.",
                .scene(canvas + "views:\n  - {type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: Hi, font: No Such Font}\n")),
            e(.sceneTimeout, "Checking, laying out or drawing the scene took longer than `--scene-timeout`.",
                .command("scenec render huge.scene.yaml --scene-timeout 0.001")),
            w(.lottieUnsupported, "Lottie cannot express an attribute's value; the export approximates it.",
                .command("scenec export clock.scene.yaml -o clock.json   # a clock showing time: now: Lottie has no clock")),
            w(.lintOffCanvas, "A view lies entirely outside the canvas.",
                .scene(canvas + "views:\n  - {type: ring, frame: {x: 300, y: 10, width: 100, height: 100}}\n")),
            w(.lintInvisible, "Every visible part of a view is fully transparent (alpha 0), so it draws nothing.",
                .scene(canvas + "views:\n  - {type: pie, frame: {x: 10, y: 10, width: 100, height: 100}, progress: 0.5, fillColor: clear, backgroundColor: clear, borderWidth: 0}\n")),
            w(.lintTextOverflow, "A label's text needs more room than its frame (after wrapping and `lineLimit`), or a label without a width runs past the canvas; it is drawn clipped.",
                .scene(canvas + "views:\n  - {type: label, frame: {x: 10, y: 10, width: 80, height: 20}, text: A sentence far too long for so small a frame}\n")),
            w(.lintRingLabelSmall, "A ring's label is too long for the ring: its default size is less than half the size `100%` gets.",
                .scene(ring(", label: Downloading the update"))),
            w(.lintChildrenOverflow, "A stack's or grid's children need more room than it has (labels wrapped to their share of a row or to a grid's cell); the ones past its edge draw over what lies beyond.",
                .scene(canvas + "views:\n  - type: stack\n    frame: {x: 10, y: 10, width: 120, height: 40}\n    children:\n      - {type: label, text: First label that is long enough to wrap}\n      - {type: label, text: Second label also long enough to wrap}\n")),
            w(.missingGlyph, "A character of a text no font of the scene's set (the default fonts and its `fonts:`) can draw; it would draw as a box.",
                .scene(canvas + "views:\n  - {type: label, frame: {x: 0, y: 0, width: 100, height: 20}, text: \"\\u0378\"}\n")),
            DiagnosticCodeEntry(.emptyRepeat, summary: "`repeat: []` makes no copies, so the view it is on is not drawn at all.",
                                severity: .warning,
                                example: .scene(canvas + "views:\n  - {id: dot, type: pie, frame: {x: 0, y: 0, width: 50, height: 50}, repeat: []}\n"),
                                fix: "removes the view, when it is an item of a block list (`- ` first on its line) that holds another"),
        ]
    }()
}

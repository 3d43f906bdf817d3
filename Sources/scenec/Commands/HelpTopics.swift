@preconcurrency import Glibc
import SceneCheck
import SceneModel
import ScenecBuild

/// `scenec help colors | easing | values | components` (docs/commands.md): the vocabulary a
/// scene is written in, each page made from the tables the checker reads (the named colours,
/// the easing curves, the registry's value kinds and attributes, the component vocabulary), so
/// a page cannot list a word the checker refuses or miss one it takes.
enum HelpTopics {
    struct Topic: Sendable {
        let name: String
        /// Other spellings the topic answers to (`colours`, `easings`).
        let aliases: [String]
        let summary: String
        let page: @Sendable (_ swatches: Bool) -> String
    }

    static let topics: [Topic] = [
        Topic(name: "colors", aliases: ["colours", "color", "colour"], summary: "every colour name with its value, and the colour forms",
              page: colors),
        Topic(name: "easing", aliases: ["easings", "curves"], summary: "the easing curves with their control points, steps and springs",
              page: { _ in easing }),
        Topic(name: "values", aliases: ["value", "kinds"], summary: "each kind of value, how it is written and the attributes that take it",
              page: { _ in values }),
        Topic(name: "components", aliases: ["component"], summary: "what a component is and how one is declared and used",
              page: { _ in components }),
    ]

    static func topic(named name: String) -> Topic? {
        topics.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Prints a topic's page: with colour swatches only on a terminal that has not asked for
    /// no colour (NO_COLOR, https://no-color.org), so a pipe or a file gets plain text.
    static func run(_ topic: Topic) -> ExitStatus {
        let swatches = Console.outputIsTerminal && getenv("NO_COLOR").map({ String(cString: $0).isEmpty }) ?? true
        let page = topic.page(swatches)
        if swatches {
            // The page's escape sequences are its own swatches; every word in it comes from the registry.
            _ = Console.output(bytes: Array(page.utf8))
        } else {
            Console.output(page)
        }
        return .success
    }

    /// What `scenec help` alone lists.
    static var index: String {
        let width = (topics.map(\.name.count) + commands.map(\.name.count)).max() ?? 10
        var out = "scenec help TOPIC prints one of these:\n\n"
        out += "view kinds (their attributes, defaults and an example):\n"
        out += "  " + ViewType.allCases.map(\.rawValue).joined(separator: ", ") + "\n\n"
        out += "the language:\n"
        for topic in topics { out += "  " + topic.name.padding(width + 2) + topic.summary + "\n" }
        out += "\ncommands (the same as 'scenec COMMAND --help'):\n"
        for command in commands { out += "  " + command.name.padding(width + 2) + command.summary + "\n" }
        out += "\nand 'scenec help FILE [COMPONENT]' lists the components a scene or library file can use.\n"
        return out
    }

    // MARK: colors

    static func swatch(_ c: Color, _ on: Bool) -> String {
        guard on else { return "" }
        func channel(_ v: Double) -> Int { Int((Swift.min(1, Swift.max(0, v)) * 255).rounded()) }
        return "\u{1B}[38;2;\(channel(c.red));\(channel(c.green));\(channel(c.blue))m██\u{1B}[0m "
    }

    static func colors(_ swatches: Bool) -> String {
        var out = "Colors: any color attribute, canvas.background and keyframe value takes these.\n\n"
        out += "iOS system colors, spelt as UIKit spells them (--appearance picks light or dark):\n"
        let width = (SystemColors.all.map(\.name.count).max() ?? 10) + 2
        out += "  " + "name".padding(width) + (swatches ? "   " : "") + "light      " + (swatches ? "   " : "") + "dark\n"
        for entry in SystemColors.all {
            out += "  " + entry.name.padding(width) + swatch(entry.light, swatches) + entry.light.description.padding(11)
                + swatch(entry.dark, swatches) + entry.dark.description + "\n"
        }
        out += "\nCSS named colors (any case), the same in light and dark:\n"
        let css = cssNamedColors.sorted { $0.key < $1.key }
        let cssWidth = (css.map(\.key.count).max() ?? 10) + 2
        for (name, rgb) in css {
            let color = Color.rgb255(Double(rgb >> 16 & 0xFF), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF))
            out += "  " + name.padding(cssWidth) + swatch(color, swatches) + color.description + "\n"
        }
        out += "  " + "clear".padding(cssWidth) + (swatches ? "   " : "") + "transparent (also written transparent)\n"
        out += """

            Other forms:
              "#rgb", "#rgba", "#rrggbb", "#rrggbbaa"   hex, quoted: an unquoted # starts a YAML comment
              "rgb(1, 111, 37)", "rgba(255, 255, 255, 0.15)"   channels 0–255, alpha 0–1
              {red: 235, green: 237, blue: 236, alpha: 1}   channels 0–255, alpha 0–1
              {white: 1, alpha: 0.15}                       as UIColor(white:alpha:), 0–1
              {color: systemBlue, alpha: 0.5}               any color with its alpha replaced
              {light: "#ffffff", dark: "#1c1c1e"}           one color for each appearance

            """
        return out
    }

    // MARK: easing

    static func points(_ values: [Double]) -> String { values.map(formatNumber).joined(separator: ", ") }

    static var easing: String {
        var out = "Easing: how an animation's value moves from one keyframe to the next (easing: on an\n"
        out += "animation, or on a keyframe for the segment that ends there). The default is linear.\n\n"
        out += "Named curves (Core Animation's), each a cubic Bézier from (0, 0) to (1, 1):\n"
        // linear first, then the Bézier curves by name, as Easing.named holds them.
        let names: [String] = Easing.named.keys.sorted { a, b in
            a == "linear" || b == "linear" ? a == "linear" && b != "linear" : a < b
        }
        let width = (names.map { $0.count }.max() ?? 10) + 2
        for name in names {
            let curve: Easing? = Easing.named[name]
            switch curve {
            case .cubicBezier(let x1, let y1, let x2, let y2)?:
                out += "  " + name.padding(width) + "control points (\(points([x1, y1]))), (\(points([x2, y2])))".padding(36)
                    + "= \"cubicBezier(\(points([x1, y1, x2, y2])))\"\n"
            case .linear?:
                out += "  " + name.padding(width) + "constant speed".padding(36) + "= \"cubicBezier(0, 0, 1, 1)\"\n"
            case .steps(let n)?:
                out += "  " + name.padding(width) + "\(n) steps\n"
            case .spring?, nil:
                out += "  " + name + "\n"
            }
        }
        let spring = Spring()
        out += """

            Written out:
              "cubicBezier(x1, y1, x2, y2)" or {cubicBezier: [x1, y1, x2, y2]}
                  control points (x1, y1) and (x2, y2); x1 and x2 within 0–1, y1 and y2 may overshoot
                  (quote the string form inside {…}: a ', ' there ends the value)
              "steps(n)" or {steps: n}
                  n equal jumps, 1 to \(Timing.maxSteps), each at the end of its step
              {spring: {mass: \(formatNumber(spring.mass)), stiffness: \(formatNumber(spring.stiffness)), damping: \(formatNumber(spring.damping)), initialVelocity: \(formatNumber(spring.initialVelocity))}}
                  a damped spring like CASpringAnimation (these are its defaults; damping > 0); it runs
                  in real seconds and settles on its own time unless a duration cuts it short

            """
        return out
    }

    // MARK: values

    /// One kind of value: its word, how it is written, and a key to group attributes by.
    struct ValueForm {
        let word: String
        let written: String
    }

    /// How each kind of value is written, by kind. Exhaustive: a new kind is a compile error
    /// here until its forms are written down.
    static func form(_ kind: ValueKind) -> ValueForm {
        switch kind {
        case .number: return ValueForm(word: "number", written: "12, 0.5, -3e2; finite, within ±1e9. Where a fraction goes (0–1), 0.75, not 75%")
        case .integer: return ValueForm(word: "whole number", written: "3")
        case .length: return ValueForm(word: "length", written: "150 (points), \"50%\", \"100% - 10\", \"50% + 4\"; percent of what the attribute names")
        case .angle: return ValueForm(word: "angle", written: "90 (degrees), \"90deg\", \"1.5708rad\", \"0.25turn\"; 0 is 3 o'clock, positive turns clockwise")
        case .color: return ValueForm(word: "color", written: "\"#rrggbb\", \"rgb(1, 111, 37)\", systemBlue, a CSS name, clear, {red, green, blue, alpha}, {white, alpha}, {color, alpha}, {light, dark} (scenec help colors)")
        case .bool: return ValueForm(word: "bool", written: "true or false (not yes, no, on, off)")
        case .choice: return ValueForm(word: "word", written: "one of the attribute's words (lineCap: round); scenec help KIND lists them")
        case .timeOfDay: return ValueForm(word: "time of day", written: "\"10:09:30\", \"22:15\" (hours 0–47), or now")
        case .points: return ValueForm(word: "points", written: "[[0, 0], [\"100%\", 50]]: [x, y] lengths, percent of the view's bounds, at least two")
        case .dash: return ValueForm(word: "dash", written: "[6, 3]: dash and gap lengths, each ≥ 0, not all zero")
        case .insets: return ValueForm(word: "insets", written: "8, or {top: 8, leading: 12, bottom: 8, trailing: 12}")
        case .gridSpacing: return ValueForm(word: "grid spacing", written: "8, or {row: 8, column: 12}")
        case .text: return ValueForm(word: "text", written: "Hello, or \"{download.progress:percent}\" to show a view's value (quoted: an unquoted {…} is a mapping)")
        case .fontFamily: return ValueForm(word: "font family", written: "DejaVu Sans, or a family from the scene's fonts:")
        case .fontWeight: return ValueForm(word: "font weight", written: "\(FontWeight.words.map(\.name).joined(separator: ", ")), or 100–900")
        }
    }

    static var values: String {
        var order: [String] = []
        var forms: [String: ValueForm] = [:]
        var takers: [String: [String]] = [:]
        for spec in Layer.attributes + Registry.kinds.flatMap(\.ownAttributes) {
            let form = form(spec.kind)
            if forms[form.word] == nil { order.append(form.word) }
            forms[form.word] = form
            if !(takers[form.word] ?? []).contains(spec.name) { takers[form.word, default: []].append(spec.name) }
        }
        var out = "Values: each kind of value an attribute takes, how it is written, and the attributes that take it.\n"
        for word in order {
            guard let form = forms[word] else { continue }
            out += "\n\(word)\n    \(form.written)\n    attributes: \((takers[word] ?? []).joined(separator: ", "))\n"
        }
        out += """

            duration (timeline)
                1.5 (seconds), "1.5s", "250ms", "12f" (frames at the timeline's fps); never negative
            easing (timeline)
                linear, easeIn, easeOut, easeInEaseOut, default, a cubic Bézier, steps or a spring (scenec help easing)

            """
        return out
    }

    // MARK: components

    static var components: String {
        """
        Components: a named set of views with typed parameters, declared under components: in a
        scene or in a library file it imports; an instance is a view whose type is the component's
        name ([A-Z][A-Za-z0-9]*: built-in kinds are lowercase).

          components:
            Meter:
              doc: A ring showing a value, with a caption under it.
              parameters:
                value:   {kind: ring.progress, default: 0}
                caption: {kind: text}                  # no default: the instance must give it
              views:                                   # placed in the instance's box, as a group's children
                - {id: ring, type: ring, frame: {x: 0, y: 0, width: 100%, height: "100% - 20"}, progress: $value}
                - {id: caption, type: label, frame: {x: 0, y: "100% - 20", width: 100%, height: 20}, text: "$caption"}
          views:
            - {id: cpu, type: Meter, frame: {x: 20, y: 20, width: 120, height: 140}, value: 0.4, caption: CPU}

        A parameter's kind is:
          \(ComponentVocabulary.parameterKindsSentence).
        $name uses a parameter in the definition ($$ writes a dollar sign). An instance keeps these
        as its own keys, so no parameter takes their names:
          \(ComponentVocabulary.reservedParameterNamesSentence).
        Its views are named through it: cpu.ring, as in --set cpu.ring.progress=0.5 and
        {cpu.ring.progress:percent}.

        'scenec help FILE' lists the components a scene or library file can use, with their
        parameters; 'scenec help FILE COMPONENT' one of them.

        """
    }
}

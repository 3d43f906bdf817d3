import SceneCheck
import SceneModel
import SceneSupport

/// `timeline:` in the JSON Schema (docs/language.md §5). An animation's values are typed by the attribute
/// its target names, through one `if`/`then` per animatable attribute name of the registry.
enum TimelineSchema {
    /// `id.attribute`; the id may be an instance's view, named through it (`cpu.ring.progress`).
    static let targetPattern = "^[A-Za-z_][A-Za-z0-9_-]*(?:\\.[A-Za-z_][A-Za-z0-9_-]*)*\\.[A-Za-z]+$"

    static var definitions: [JSONMember] {
        [
            JSONMember(key: "timeline", value: timeline),
            JSONMember(key: "animation", value: animation(in: .scene)),
            JSONMember(key: "keyframe", value: [
                "description": "A value at a moment of the animation.",
                "type": "object",
                "additionalProperties": false,
                "required": ["at", "value"],
                "properties": [
                    "at": SceneSchema.describe(ValueSchemas.ref("duration"), as: "When, from the animation's begin."),
                    "value": ["description": "The attribute's value then."],
                    "easing": SceneSchema.describe(ValueSchemas.ref("easing"),
                                                   as: "Easing of the segment that ends here (default: the animation's easing)."),
                ],
            ]),
        ]
    }

    static var timeline: JSONValue {
        let defaults = Timeline()
        return [
            "description": "Animations of view attributes over time; frames are sampled at fps.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "fps": SceneSchema.describe(ValueSchemas.number(TimelineChecker.fpsRange),
                                            as: "Frames per second.", default: .number(defaults.fps)),
                "duration": SceneSchema.describe(ValueSchemas.ref("duration"),
                                                 as: "Length of the timeline (default: the end of the last animation; required with repeat: forever)."),
                "loop": SceneSchema.describe(["type": "boolean"], as: "When true, the last frame is left out so the sequence loops seamlessly.",
                                             default: .bool(defaults.loop)),
                "animations": ["description": "The animations.", "type": "array", "items": ValueSchemas.ref("animation")],
            ],
        ]
    }

    /// Each animatable attribute name with the value forms of the kinds that animate it.
    static var animatable: [(name: String, forms: [JSONValue])] {
        var result: [(name: String, forms: [JSONValue])] = []
        for kind in Registry.kinds {
            for spec in kind.attributes where spec.animatable != .no {
                let form = ValueSchemas.schema(for: spec.kind)
                if let i = result.firstIndex(where: { $0.name == spec.name }) {
                    if !result[i].forms.contains(form) { result[i].forms.append(form) }
                } else {
                    result.append((spec.name, [form]))
                }
            }
        }
        return result
    }

    /// One animation; in a component's definition, its values and times may be `$parameters`.
    static func animation(in place: ViewPlace) -> JSONValue {
        let names = animatable
        let typedValues: [JSONValue] = names.map { entry in
            let value = place.value(entry.forms.count == 1 ? entry.forms[0] : ["anyOf": .array(entry.forms)])
            return [
                "if": ["required": ["target"], "properties": ["target": ["pattern": .string("\\." + entry.name + "$")]]],
                "then": ["properties": ["from": value, "to": value,
                                        "keyframes": ["items": ["properties": ["value": value]]]]],
            ]
        }
        let animatableNames = names.map(\.name).joined(separator: "|")
        let animatableTarget: JSONValue = [
            "properties": ["target": ["description": "The attribute must be animatable.",
                                      "pattern": .string("\\.(?:" + animatableNames + ")$")]],
        ]
        return [
            "description": "One animation of one attribute of one view: from/to or keyframes.",
            "type": "object",
            "additionalProperties": false,
            "required": ["target"],
            "properties": [
                "target": ["description": "view id . attribute, e.g. download.progress.",
                           "type": "string", "pattern": .string(targetPattern)],
                "from": ["description": "Start value (default: the value at begin, begin-from-current-state)."],
                "to": ["description": "End value."],
                "keyframes": ["description": "Values at moments, instead of from/to.", "type": "array", "minItems": 1,
                              "items": ValueSchemas.ref("keyframe")],
                "begin": SceneSchema.describe(place.value(ValueSchemas.ref("duration")), as: "When the animation starts.", default: 0),
                "duration": SceneSchema.describe(place.value(ValueSchemas.ref("duration")),
                                                 as: "Length of one repetition (default: 0.25s; a spring's settling time).",
                                                 default: .number(TimelineChecker.defaultAnimationDuration)),
                "easing": SceneSchema.describe(ValueSchemas.ref("easing"), as: "Timing curve.", default: "linear"),
                "repeat": ["description": "How many times it plays (may be fractional), or forever (needs the timeline's duration).",
                           "anyOf": [ValueSchemas.number(.positive), ["const": "forever"]], "default": 1],
                "autoreverse": SceneSchema.describe(["type": "boolean"], as: "Plays forward then back in each repetition.",
                                                    default: false),
            ],
            // An animation gives `to` or `keyframes`; keyframes carry their own values and times.
            "anyOf": [["required": ["to"]], ["required": ["keyframes"]]],
            "dependencies": ["keyframes": ["properties": ["from": false, "to": false, "duration": false]]],
            "allOf": .array([animatableTarget] + typedValues),
        ]
    }
}

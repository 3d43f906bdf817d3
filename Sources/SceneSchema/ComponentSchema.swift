import SceneModel
import SceneSupport

/// Where a view is written, for the JSON Schema: in a scene, where every value is what it says,
/// or in a component's definition, where any value may also be one of the component's
/// `$parameters` (docs/language.md §11). A definition's views get their own copies of the view
/// definitions (named `component-…`), so a scene's views are checked exactly as before.
enum ViewPlace: CaseIterable {
    case scene, definition

    /// The definition's name for this place: `ring`, `component-ring`.
    func name(_ base: String) -> String {
        switch self {
        case .scene: return base
        case .definition: return "component-" + base
        }
    }

    func ref(_ base: String) -> JSONValue { ValueSchemas.ref(name(base)) }

    /// A value's schema here: in a definition, a `$parameter` use is accepted too.
    func value(_ schema: JSONValue) -> JSONValue {
        switch self {
        case .scene: return schema
        case .definition: return ["anyOf": [schema, ValueSchemas.ref(ComponentSchema.parameterUse)]]
        }
    }
}

/// `components:` in the JSON Schema, and what uses them: instances (a view whose `type` is a
/// component's name) and `repeat:` (docs/language.md §11).
enum ComponentSchema {
    /// A component's name: a capital first, so it never clashes with a built-in (lowercase) type.
    static let namePattern = "^[A-Z][A-Za-z0-9]*$"
    static let parameterNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$"
    /// `kind: ring.progress`: an attribute's kind and range.
    static let attributeKindPattern = "^[a-z]+\\.[A-Za-z]+$"
    /// The value kinds a parameter may name directly: the checker's list (SceneModel).
    static var valueKindNames: [String] { ComponentVocabulary.parameterKindNames }
    /// What an instance's keys already mean (its structure, `repeat`, a group's attributes), so
    /// no parameter may be named so: the checker's list (SceneModel).
    static var reservedParameterNames: [String] { ComponentVocabulary.reservedParameterNames }
    /// `Label`, `Ring`: a built-in kind capitalised, refused as a component's name.
    static var builtInKindNames: [String] {
        ViewType.allCases.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }
    }
    static let parameterUse = "parameterUse"
    static let instance = "instance"

    static var definitions: [JSONMember] {
        [
            JSONMember(key: "components", value: [
                "description": "Named, parameterised view subtrees. A view whose type is a component's name is an instance of it; imports bring in components as they bring styles.",
                "type": "object",
                "propertyNames": ["pattern": .string(namePattern), "not": ["enum": .strings(builtInKindNames)]],
                "additionalProperties": ValueSchemas.ref("component"),
            ]),
            JSONMember(key: "component", value: component),
            JSONMember(key: "parameter", value: parameter),
            JSONMember(key: parameterUse, value: [
                "description": "A parameter of the component: $name as the whole value, or inside a longer text (\"$caption\"); $$ is a literal $.",
                "type": "string",
                "pattern": "\\$[A-Za-z_]",
            ]),
            JSONMember(key: "repeat", value: [
                "description": "One copy of the view per item, each item's keys merged over the view's (the item's win); ids: the item's id, else the view's id and the position (meter1, meter2, …).",
                "type": "array",
                "items": ["type": "object"],
            ]),
            JSONMember(key: "componentTimeline", value: [
                "description": "The component's animations, instantiated once per instance; targets name the definition's own views.",
                "type": "object",
                "additionalProperties": false,
                "properties": ["animations": ["description": "The animations.", "type": "array",
                                              "items": ValueSchemas.ref("componentAnimation")]],
            ]),
            JSONMember(key: "componentAnimation", value: TimelineSchema.animation(in: .definition)),
        ]
    }

    static var component: JSONValue {
        [
            "description": "A component: its parameters and the views it stands for, laid out in the instance's frame as a group's children.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "doc": ["description": "What the component shows, one line (hover and help show it).", "type": "string"],
                "parameters": [
                    "description": "What each instance gives: name → {kind, default, doc}; a parameter without a default is required at every use.",
                    "type": "object",
                    "propertyNames": ["pattern": .string(parameterNamePattern), "not": ["enum": .strings(reservedParameterNames)]],
                    "additionalProperties": ValueSchemas.ref("parameter"),
                ],
                "views": ["description": "The component's views, placed in the instance's frame as a group places its children.",
                          "type": "array", "items": ViewPlace.definition.ref(SceneSchema.viewPlacedByFrame)],
                "timeline": ValueSchemas.ref("componentTimeline"),
            ],
        ]
    }

    static var parameter: JSONValue {
        [
            "description": "One parameter: what kind of value it takes, its default and what it means.",
            "type": "object",
            "additionalProperties": false,
            "required": ["kind"],
            "properties": [
                "kind": [
                    "description": "A value kind by name, or an attribute (ring.progress) whose kind and range the argument takes.",
                    "anyOf": [["enum": .strings(valueKindNames)], ["type": "string", "pattern": .string(attributeKindPattern)]],
                ],
                "default": ["description": "The value when an instance does not give one; without it the parameter is required."],
                "doc": ["description": "What the parameter means, one line (hover shows it).", "type": "string"],
            ],
        ]
    }

    /// An instance: `type` names a component, `id` is required (its views are named through it),
    /// frame or size and the layer attributes are a group's, and any other key is an argument
    /// (checked by scenec against the component's parameters).
    static func instance(_ place: ViewPlace) -> JSONValue {
        let group = ViewType.group.kind
        var properties: [JSONMember] = [
            JSONMember(key: "type", value: ["description": "The component's name.", "type": "string", "pattern": .string(namePattern)]),
            JSONMember(key: "id", value: ValueSchemas.ref("id")),
            JSONMember(key: "style", value: ValueSchemas.ref("styleNames")),
            JSONMember(key: "frame", value: place.ref("frame")),
            JSONMember(key: "size", value: place.ref("size")),
        ]
        properties += group.attributes.map { JSONMember(key: $0.name, value: SceneSchema.attribute($0, in: place)) }
        return [
            "description": "An instance of a component: placed and layered as a group; its other keys are the component's arguments.",
            "type": "object",
            "required": ["type", "id"],
            "properties": .object(properties),
        ]
    }
}

import SceneCheck
import SceneModel
import SceneSupport

/// The JSON Schema (draft-07) of the scene language, generated from the attribute registry and
/// the language's fixed structure (canvas, styles, components, views, frame, size, children,
/// timeline), so that editors' YAML language servers complete and check exactly what `scenec
/// check` accepts. One schema serves scenes and library files (styles and components, no canvas
/// or views): an `if`/`then`/`else` on the top level rather than a `oneOf`, so a scene's mistakes
/// are reported where they are, as before, and not as "valid under none of the given schemas".
/// Attribute names, kinds, ranges, defaults and docs come only from `Registry`; nothing here
/// names an attribute.
public enum SceneSchema {
    public static let draft = "http://json-schema.org/draft-07/schema#"

    /// The schema as `scenec schema` prints it: deterministic, byte for byte.
    public static var text: String { document.prettyPrinted }

    public static var document: JSONValue {
        let viewsDescription = "The views, drawn in list order (later on top). Each needs a frame: the canvas places its views as a group does."
        return [
            "$schema": .string(draft),
            "title": "scenec scene or library",
            "description": "A scene file for scenec (scene language v1): a canvas, optional styles and components, views and an optional timeline. Or a library: styles and/or components for scenes to import, without canvas or views.",
            "type": "object",
            "additionalProperties": false,
            // A library: styles or components, and neither canvas nor views (docs/language.md §1).
            "if": ["properties": ["canvas": false, "views": false],
                   "anyOf": [["required": ["styles"]], ["required": ["components"]]]],
            "then": ["description": "A library: it has no timeline (a component carries its own) and loads no fonts (the scene that draws does).",
                     "properties": ["timeline": false, "fonts": false]],
            "else": ["required": ["canvas", "views"]],
            // Top-level `x-…` keys are ignored: a place for YAML anchors to share with `<<:`.
            "patternProperties": ["^x-": ["description": "Ignored by scenec: a home for YAML anchors (x-base: &base {…}) that views and styles merge in with <<: *base."]],
            "properties": [
                "version": ["description": "The scene language's version; only 1 exists.", "const": 1],
                "imports": ["description": "Files whose styles and components this file uses, relative to it; later imports and the file's own win.",
                            "type": "array", "items": ["type": "string", "minLength": 1]],
                "canvas": ValueSchemas.ref("canvas"),
                "styles": ValueSchemas.ref("styles"),
                "components": ValueSchemas.ref("components"),
                "fonts": ["description": "Font files for the scene's text, relative to the scene file (TrueType, OpenType): their families join DejaVu Sans, for this scene only.",
                          "type": "array", "items": ["type": "string", "minLength": 1]],
                "views": ["description": .string(viewsDescription), "type": "array",
                          "items": ValueSchemas.ref(viewPlacedByFrame)],
                "timeline": ValueSchemas.ref("timeline"),
            ],
            "definitions": .object(definitions),
        ]
    }

    static let viewPlacedByFrame = "viewPlacedByFrame"
    static let viewPlacedByContainer = "viewPlacedByContainer"

    static var definitions: [JSONMember] {
        var all: [JSONMember] = [
            JSONMember(key: "canvas", value: canvas),
            JSONMember(key: "styles", value: [
                "description": "Named sets of attributes, like a theme. A view names one or a list in its style key; later ones win and the view's own keys win over all.",
                "type": "object",
                "additionalProperties": ValueSchemas.ref("style"),
            ]),
            JSONMember(key: "style", value: style),
        ]
        all += views(.scene)
        all += [
            JSONMember(key: "id", value: [
                "description": "The view's name, unique in the scene; needed to animate it. --set takes it, or the view's index path (views[0]).",
                "type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$",
            ]),
            JSONMember(key: "styleNames", value: [
                "description": "A style's name, or a list of names: later ones win, the view's own keys win over all.",
                "anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]],
            ]),
            JSONMember(key: "frame", value: frame(.scene)),
            JSONMember(key: "size", value: size(.scene)),
        ]
        all += TimelineSchema.definitions
        all += ValueSchemas.definitions
        // A component's views, whose values may be its $parameters, and what declares them.
        all += views(.definition)
        all += [
            JSONMember(key: ViewPlace.definition.name("frame"), value: frame(.definition)),
            JSONMember(key: ViewPlace.definition.name("size"), value: size(.definition)),
        ]
        all += ComponentSchema.definitions
        return all
    }

    /// The view definitions of a place: how a view is chosen by its type, at the root and in a
    /// container, each kind's, and an instance's.
    static func views(_ place: ViewPlace) -> [JSONMember] {
        var all: [JSONMember] = [
            JSONMember(key: place.name("view"), value: view(place)),
            JSONMember(key: place.name(viewPlacedByFrame), value: [
                "description": "A view at the root or in a group: it needs a frame (with repeat:, each item may give it).",
                "allOf": [place.ref("view")],
                "if": ["required": ["repeat"]],
                "else": ["required": ["frame"]],
            ]),
            JSONMember(key: place.name(viewPlacedByContainer), value: [
                "description": "A child of a stack or grid: its container places it, so it has no frame (give it a size).",
                "allOf": [place.ref("view")],
                "properties": ["frame": false],
            ]),
        ]
        all += Registry.kinds.map { JSONMember(key: place.name($0.type.rawValue), value: definition(of: $0, in: place)) }
        all.append(JSONMember(key: place.name(ComponentSchema.instance), value: ComponentSchema.instance(place)))
        return all
    }

    static func size(_ place: ViewPlace) -> JSONValue {
        [
            "description": "The view's size inside a stack or grid, or with a frame's centerX/centerY: {width, height} or one length for a square; percent of the container's content box.",
            "anyOf": [
                place.value(ValueSchemas.ref("dimension")),
                ["type": "object", "additionalProperties": false, "required": ["width", "height"],
                 "properties": ["width": place.value(ValueSchemas.ref("dimension")), "height": place.value(ValueSchemas.ref("dimension"))]],
            ],
        ]
    }

    static var canvas: JSONValue {
        [
            "description": "The picture: its size in points, its background and the pixels per point of PNG output.",
            "type": "object",
            "additionalProperties": false,
            "required": ["width", "height"],
            "properties": [
                "width": ["description": "Width in points, > 0.", "type": "number", "exclusiveMinimum": 0],
                "height": ["description": "Height in points, > 0.", "type": "number", "exclusiveMinimum": 0],
                "background": ["description": "Fills the canvas (default: clear, transparent).",
                               "allOf": [ValueSchemas.ref("color")], "default": "clear"],
                "scale": ["description": "Pixels per point for PNG (default: 1); --scale overrides it.",
                          "type": "number", "exclusiveMinimum": 0, "default": 1],
                "poster": SceneSchema.describe(ValueSchemas.ref("duration"),
                                               as: "The moment of the timeline stills show (render without --time, build); within the timeline.", default: 0),
            ],
        ]
    }

    /// Selects the view kind's definition by `type`, so an editor checks each view against
    /// its own attributes only and reports the unknown ones; a type named like a component
    /// (`Meter`) selects the instance's. A view with `repeat:` is checked only for its type and
    /// items: each item may give what the view lacks (its frame, a required attribute).
    static func view(_ place: ViewPlace) -> JSONValue {
        let types = Registry.kinds.map { JSONValue.string($0.type.rawValue) }
        var chain: [JSONValue] = Registry.kinds.map { kind in
            ["if": ["properties": ["type": ["const": .string(kind.type.rawValue)]], "required": ["type"]],
             "then": place.ref(kind.type.rawValue)]
        }
        chain.append(["if": ["properties": ["type": ["type": "string", "pattern": .string(ComponentSchema.namePattern)]], "required": ["type"]],
                      "then": place.ref(ComponentSchema.instance)])
        return [
            "description": "A view: its type selects the attributes it takes; a type with a capital first (Meter) is an instance of a component.",
            "type": "object",
            "required": ["type"],
            "properties": [
                "type": ["description": "The view's kind, or a component's name.",
                         "anyOf": [["enum": .array(types)], ["type": "string", "pattern": .string(ComponentSchema.namePattern)]]],
                "repeat": ValueSchemas.ref("repeat"),
            ],
            "if": ["required": ["repeat"]],
            "else": ["allOf": .array(chain)],
        ]
    }

    /// One view kind: the structural keys, `children` for containers, and every registry
    /// attribute of the kind; nothing else.
    static func definition(of kind: ViewKind, in place: ViewPlace = .scene) -> JSONValue {
        var properties: [JSONMember] = Registry.structuralKeys.map { JSONMember(key: $0, value: structural($0, kind, in: place)) }
        if kind.type.isContainer {
            properties += Registry.containerKeys.map { JSONMember(key: $0, value: children(of: kind.type, in: place)) }
        }
        properties += kind.attributes.map { JSONMember(key: $0.name, value: attribute($0, in: place)) }
        let required = ["type"] + kind.attributes.filter(\.isRequired).map(\.name)
        var schema: JSONValue = [
            "description": .string(kind.summary),
            "type": "object",
            "additionalProperties": false,
            "required": .strings(required),
            "properties": .object(properties),
            // A size gives the dimensions, so the frame may not give them again.
            "if": ["required": ["size"]],
            "then": ["properties": ["frame": ["properties": ["width": false, "height": false]]]],
        ]
        if !kind.hasSizeOfItsOwn {
            // Without a size of its own the view's frame must give both dimensions.
            schema = schema.setting("else", ["properties": ["frame": ["required": ["width", "height"]]]])
        }
        let dependent = dependentChoices(of: kind, in: place)
        if !dependent.isEmpty { schema = schema.setting("allOf", .array(dependent)) }
        return schema
    }

    /// A word of an attribute whose words depend on another's (a stack's `alignment` on its
    /// `axis`) checked only where the view writes that other: a style or `--set` may give it
    /// otherwise, which the schema cannot see. In a definition a `$parameter` stands for a word
    /// too (the checker checks the argument against the axis).
    static func dependentChoices(of kind: ViewKind, in place: ViewPlace = .scene) -> [JSONValue] {
        kind.type.declaration.dependentChoices.flatMap { dependent -> [JSONValue] in
            guard case .choice(let values)? = kind.attribute(named: dependent.on)?.kind else { return [] }
            return values.compactMap { value -> JSONValue? in
                guard let words = dependent.words[value] else { return nil }
                return [
                    "if": ["required": .strings([dependent.on]), "properties": .object([JSONMember(key: dependent.on, value: ["const": .string(value)])])],
                    "then": ["properties": .object([JSONMember(key: dependent.attribute, value: place.value(["enum": .strings(words)]))])],
                ]
            }
        }
    }

    static func structural(_ key: String, _ kind: ViewKind, in place: ViewPlace = .scene) -> JSONValue {
        switch key {
        case "type": return ["description": .string("The view's kind: \(kind.type.rawValue)."), "const": .string(kind.type.rawValue)]
        case "id": return ValueSchemas.ref("id")
        case "style": return ValueSchemas.ref("styleNames")
        case "frame": return place.ref("frame")
        case "size": return place.ref("size")
        default: return [:]
        }
    }

    /// A group places its children by their frames, as the canvas does; stack and grid place
    /// theirs, which therefore have no frame (`ViewKind.children`).
    static func children(of type: ViewType, in place: ViewPlace = .scene) -> JSONValue {
        let placedByFrame = type.kind.children == .placedByFrame
        let description = placedByFrame
            ? "The group's views, each placed by its own frame relative to the group."
            : "The \(type.rawValue)'s views, placed by the \(type.rawValue); each may have a size but no frame."
        return ["description": .string(description), "type": "array",
                "items": place.ref(placedByFrame ? viewPlacedByFrame : viewPlacedByContainer)]
    }

    /// An attribute's schema: its kind, range or words, default and doc.
    static func attribute(_ spec: AttributeSpec, in place: ViewPlace = .scene) -> JSONValue {
        describe(place.value(ValueSchemas.schema(for: spec.kind)), as: description(of: spec),
                 default: spec.isRequired ? nil : spec.defaultValue.flatMap(ValueSchemas.json))
    }

    static func description(of spec: AttributeSpec) -> String {
        let animation: String
        switch spec.animatable {
        case .no: animation = ""
        case .interpolated: animation = " Animatable."
        case .steps: animation = " Animatable (steps)."
        }
        let defaultText = spec.isRequired ? "Required." : "Default: \(spec.defaultDescription)."
        return "\(spec.doc) \(defaultText)\(animation)"
    }

    /// Puts a description (and default) on a schema; a `$ref` is wrapped in `allOf`, because
    /// draft-07 ignores the keys beside a `$ref`.
    static func describe(_ schema: JSONValue, as description: String, default value: JSONValue? = nil) -> JSONValue {
        var result: JSONValue = ["description": .string(description)]
        if schema["$ref"] != nil {
            result = result.setting("allOf", [schema])
        } else if case .object(let members) = schema {
            for member in members { result = result.setting(member.key, member.value) }
        }
        if let value { result = result.setting("default", value) }
        return result
    }

    /// Every attribute name of any kind, each with the value forms its kinds accept (`spacing`
    /// is a number for a stack and a number or {row, column} for a grid).
    static var style: JSONValue {
        var owners: [(name: String, specs: [(ViewType, AttributeSpec)])] = []
        for kind in Registry.kinds {
            for spec in kind.attributes {
                if let i = owners.firstIndex(where: { $0.name == spec.name }) {
                    owners[i].specs.append((kind.type, spec))
                } else {
                    owners.append((spec.name, [(kind.type, spec)]))
                }
            }
        }
        let properties: [JSONMember] = owners.map { entry in
            var forms: [JSONValue] = []
            for (_, spec) in entry.specs where !forms.contains(ValueSchemas.schema(for: spec.kind)) {
                forms.append(ValueSchemas.schema(for: spec.kind))
            }
            let kinds = entry.specs.count == Registry.kinds.count ? "every view"
                : entry.specs.map(\.0.rawValue).joined(separator: ", ")
            var docs: [String] = []
            for (_, spec) in entry.specs where !docs.contains(spec.doc) { docs.append(spec.doc) }
            let text = docs.joined(separator: " / ") + " (\(kinds))"
            let schema: JSONValue = forms.count == 1 ? forms[0] : ["anyOf": .array(forms)]
            return JSONMember(key: entry.name, value: describe(schema, as: text))
        }
        return [
            "description": "A style: attributes of any view kinds; a view takes the ones its kind has.",
            "type": "object",
            "additionalProperties": false,
            "properties": .object(properties),
        ]
    }

    static func frame(_ place: ViewPlace) -> JSONValue {
        func length(_ text: String, _ name: String = "length") -> JSONValue {
            describe(place.value(ValueSchemas.ref(name)), as: text)
        }
        return [
            "description": "Where the view sits in its parent (the canvas or a group): x or centerX, y or centerY, width and height, in points or percent of the parent's content size. Only a view with a size of its own (pie) may leave width and height out.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "x": length("Left edge, from the parent's left."),
                "y": length("Top edge, from the parent's top."),
                "centerX": length("Horizontal centre, from the parent's left."),
                "centerY": length("Vertical centre, from the parent's top."),
                "width": length("Width.", "dimension"),
                "height": length("Height.", "dimension"),
            ],
            "allOf": [
                ["oneOf": [["required": ["x"]], ["required": ["centerX"]]]],
                ["oneOf": [["required": ["y"]], ["required": ["centerY"]]]],
            ],
        ]
    }
}

import SceneModel
import SceneSyntax

/// One `components:` mapping and the file it is written in (nil: the scene itself).
struct ComponentSource {
    var node: Node
    var file: SourceFile?
}

/// A component as its file declares it (docs/language.md §11): its parameters, its views and
/// its animations, kept as written so each instance is made from the nodes with its arguments.
struct ComponentDefinition {
    var name: String
    /// The name's key in `components:`.
    var nameRange: SourceRange
    /// The file it is written in; nil for the scene's own.
    var file: SourceFile?
    var doc: String?
    var parameters: [Parameter] = []
    /// The `views:` list.
    var views: Node?
    /// The items of `timeline: {animations: […]}`.
    var animations: [Node] = []
    /// False once an error was found in the definition: its uses are then not expanded (the
    /// scene fails anyway, and one error in the definition says it once).
    var isValid = true

    func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }

    var parameterNames: [String] { parameters.map(\.name) }

    /// `lib/meters.yaml:5:7`, for notes pointing here from a use.
    func place(_ range: SourceRange, sceneName: String) -> String {
        "\(file?.name ?? sceneName):\(range.start.line):\(range.start.column)"
    }

    /// The keys a definition may have.
    static let keys = ["doc", "parameters", "views", "timeline"]
    static let parameterKeys = ["kind", "default", "doc"]

    /// `Meter`, `StatusBadge2`: a capital first, so no name can be a built-in kind's.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, ("A"..."Z").contains(Character(first)) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (Character($0).isLetter || Character($0).isNumber) }
    }

    /// `value`, `max_value`: the characters a `$name` reference reads.
    static func isValidParameterName(_ name: String) -> Bool {
        guard let first = name.first, Substitution.isNameStart(first) else { return false }
        return name.allSatisfy(Substitution.isNameCharacter)
    }

    /// What an instance's keys already mean: a parameter may not be named so.
    static let reservedNames = Set(ComponentVocabulary.reservedParameterNames)
}

/// `value: {kind: ring.progress, default: 0, doc: …}`.
struct Parameter {
    var name: String
    var range: SourceRange
    var kind: ParameterKind
    /// The default as written (checked against the kind); nil: the argument is required.
    var defaultValue: Node?
    var doc: String?
    /// Its kind or default is wrong (reported where declared): uses of it are not checked.
    var isBroken = false
    var isRequired: Bool { defaultValue == nil }

    /// "parameter 'value' (number 0–1) is declared here", for a note at a use.
    func declaredNote(_ definition: ComponentDefinition, sceneName: String) -> String {
        "\(definition.place(range, sceneName: sceneName)): parameter '\(name)' (\(kind.valueKind.name)) of \(definition.name) is declared here"
    }
}

extension ComponentDefinition {
    /// Reads the definition `name: {doc, parameters, views, timeline}`, reporting (in its file,
    /// the log's current one) what does not fit. The views are checked later, as a whole.
    static func read(_ pair: Node.Pair, file: SourceFile?, log: inout DiagnosticLog) -> ComponentDefinition {
        var definition = ComponentDefinition(name: pair.key, nameRange: pair.keyRange, file: file)
        let before = log.all.count
        if !isValidName(pair.key) {
            log.error(.badValue, "a component's name starts with a capital letter and holds only letters and digits, such as Meter, not '\(pair.key)'",
                      at: pair.keyRange, notes: ["view kinds are lowercase, so a capital tells an instance from a built-in view"])
        } else if let builtIn = ComponentVocabulary.builtInKind(named: pair.key) {
            log.error(.badValue, "a component cannot be named '\(pair.key)': it reads as the built-in view kind '\(builtIn.rawValue)'",
                      at: pair.keyRange, notes: ["name it for what it shows, such as Status\(pair.key)"])
        }
        guard let all = pair.value.mapping else {
            log.error(.wrongStructure, "component '\(pair.key)' must be a mapping with parameters and views, not \(pair.value.kindDescription)",
                      at: pair.value.range)
            definition.isValid = false
            return definition
        }
        let pairs = log.knownKeys(all, keys, in: "component '\(pair.key)'")
        definition.doc = pairs["doc"]?.value.scalar?.text
        if let parameters = pairs["parameters"] {
            definition.parameters = readParameters(parameters.value, component: pair.key, log: &log)
        }
        if let views = pairs["views"] {
            if views.value.sequence == nil {
                log.error(.wrongStructure, "the views of component '\(pair.key)' must be a list of views, not \(views.value.kindDescription)",
                          at: views.value.range)
            } else {
                definition.views = views.value
            }
        } else {
            log.missing(["views"], in: all, "component '\(pair.key)' needs 'views', the views each instance holds", at: pair.keyRange)
        }
        if let timeline = pairs["timeline"] {
            if let items = timeline.value.mapping {
                let known = log.knownKeys(items, ["animations"], in: "a component's timeline (fps, duration and loop are the scene's)")
                if let animations = known["animations"] {
                    if let list = animations.value.sequence {
                        definition.animations = list
                    } else {
                        log.error(.wrongStructure, "animations must be a list, not \(animations.value.kindDescription)", at: animations.value.range)
                    }
                }
            } else {
                log.error(.wrongStructure, "a component's timeline must be a mapping with animations, not \(timeline.value.kindDescription)",
                          at: timeline.value.range)
            }
        }
        definition.isValid = !Array(log.all[before...]).hasErrors
        return definition
    }

    private static func readParameters(_ node: Node, component: String, log: inout DiagnosticLog) -> [Parameter] {
        guard let pairs = node.mapping else {
            log.error(.wrongStructure, "the parameters of component '\(component)' must be a mapping of names to {kind, default, doc}, not \(node.kindDescription)",
                      at: node.range)
            return []
        }
        var parameters: [Parameter] = []
        for pair in pairs {
            if reservedNames.contains(pair.key) {
                log.error(.conflictingKeys, "a parameter cannot be named '\(pair.key)': an instance's '\(pair.key)' is its own, as a group's",
                          at: pair.keyRange, notes: ["an instance's own keys are \(ComponentVocabulary.reservedParameterNamesSentence); give the parameter another name"])
                continue
            }
            guard isValidParameterName(pair.key) else {
                log.error(.badValue, "a parameter's name holds letters, digits and _, starting with a letter or _, not '\(pair.key)'", at: pair.keyRange)
                continue
            }
            guard let all = pair.value.mapping else {
                log.error(.wrongStructure, "parameter '\(pair.key)' must be a mapping such as {kind: number, default: 0}, not \(pair.value.kindDescription)",
                          at: pair.value.range)
                continue
            }
            let keys = log.knownKeys(all, parameterKeys, in: "parameter '\(pair.key)'")
            guard let kindPair = keys["kind"] else {
                log.missing(["kind"], in: all, "parameter '\(pair.key)' needs a 'kind': \(ParameterKind.namesHint)", at: pair.keyRange)
                continue
            }
            // A parameter whose kind or default is wrong is still declared: its uses and its
            // arguments are not errors of their own (the declaration's error says it once).
            guard let kind = ParameterKind.read(kindPair.value, log: &log) else {
                parameters.append(Parameter(name: pair.key, range: pair.keyRange, kind: .broken(kindPair.value.scalar?.text ?? ""),
                                            defaultValue: nil, doc: keys["doc"]?.value.scalar?.text, isBroken: true))
                continue
            }
            var defaultValue: Node?
            var isBroken = false
            if let d = keys["default"] {
                if log.take(ValueParser.parse(d.value, as: kind.valueKind, what: "the default of '\(pair.key)'")) != nil {
                    defaultValue = d.value
                } else {
                    isBroken = true
                }
            }
            parameters.append(Parameter(name: pair.key, range: pair.keyRange, kind: kind, defaultValue: defaultValue,
                                        doc: keys["doc"]?.value.scalar?.text, isBroken: isBroken))
        }
        return parameters
    }
}

/// A name beneath a destination folder, as an output, a manifest entry or a baseline entry
/// gives it: relative, normalised (no empty, `.` or `..` component, no trailing `/`), without
/// NUL. The only kind of name a `Destination` writes, reads or deletes, so a manifest entry
/// `../../victim/a.txt` or `/etc/passwd` cannot even be asked for.
public struct RelativeName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written, components joined by `/`.
    public let text: String
    /// Its components, at least one.
    public let components: [String]

    /// nil (with `problem(with:)` saying why) for any other text.
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
        components = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    init(components: [String]) {
        self.components = components
        text = components.joined(separator: "/")
    }

    public var description: String { text }

    /// The folders above the file (none for a name of one component).
    public var folders: [String] { Array(components.dropLast()) }
    /// The last component.
    public var last: String { components[components.count - 1] }

    /// Why `text` is not a relative name inside its folder, in the words of a warning; nil when
    /// it is one.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.hasPrefix("/") { return "it is an absolute path" }
        if text.utf8.contains(0) { return "it holds a NUL byte" }
        for component in text.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "it is not normalised (an empty component: '//' or a trailing '/')"
            case ".": return "it is not normalised (a '.' component)"
            case "..": return "it leaves its folder ('..')"
            default: continue
            }
        }
        return nil
    }
}

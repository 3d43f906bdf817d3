/// A YAML node with the source range it came from: the only input the checker sees.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    /// A scalar's text and whether it was written plain (unquoted): `true` is a bool, `"true"` a string.
    public struct Scalar: Sendable, Hashable {
        public var text: String
        public var isPlain: Bool
        /// The comment that follows an empty value on its line (`progressColor: #ff2d55`): YAML
        /// reads the value as nothing, and the checker can then say that the `#` began a comment.
        public var comment: Comment?

        public init(text: String, isPlain: Bool, comment: Comment? = nil) {
            self.text = text
            self.isPlain = isPlain
            self.comment = comment
        }

        /// A plain empty scalar, `~` or `null`: YAML's way of writing nothing.
        public var isNull: Bool {
            isPlain && (text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL")
        }
    }

    /// A `#…` comment's text (the `#` included, up to the first space) and where it is. A class,
    /// so that the rare comment costs every scalar one pointer, not a string and a range: a
    /// document of a million nodes holds them inline in its lists.
    public final class Comment: Sendable, Hashable {
        public let text: String
        public let range: SourceRange

        public init(text: String, range: SourceRange) {
            self.text = text
            self.range = range
        }

        public static func == (a: Comment, b: Comment) -> Bool {
            a.text == b.text && a.range == b.range
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(range)
        }
    }

    /// One entry of a mapping. Keys are scalars (the reader refuses others).
    public struct Pair: Sendable {
        public var key: String
        public var keyRange: SourceRange
        public var value: Node

        public init(key: String, keyRange: SourceRange, value: Node) {
            self.key = key
            self.keyRange = keyRange
            self.value = value
        }
    }

    public var content: Content
    public var range: SourceRange

    public init(_ content: Content, range: SourceRange) {
        self.content = content
        self.range = range
    }

    public var scalar: Scalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// What a user would call this node in an error message ("a list", "a mapping", "a number").
    public var kindDescription: String {
        switch content {
        case .scalar(let s): return s.isNull ? "nothing (null)" : "'\(s.text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

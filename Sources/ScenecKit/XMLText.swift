import SceneSyntax

/// Text in XML 1.0 content and attribute values (JUnit reports, the preview's sheet, the review
/// page): `String.escaped(.xml)`, the escaping every printer shares (SceneSyntax/Escaping.swift).
package enum XML {
    package static func escape(_ text: String) -> String {
        text.escaped(.xml)
    }
}

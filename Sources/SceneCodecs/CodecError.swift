/// A file that cannot be encoded or decoded, in words for the user (the command line prints
/// `description` after the file's name).
package struct CodecError: Error, CustomStringConvertible {
    package var description: String

    package init(_ message: String) {
        description = message
    }
}

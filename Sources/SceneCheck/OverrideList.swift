/// `--set` texts → overrides, with one message for text of the wrong shape, so the command
/// line and the preview's `set=` parameter read overrides the same way (and both follow
/// `Override`'s grammar as it grows).
package enum OverrideList {
    package struct SyntaxError: Error, Sendable {
        package let message: String
    }

    package static func parse(_ texts: [String]) -> Result<[Override], SyntaxError> {
        var overrides: [Override] = []
        for text in texts {
            do throws(AddressError) {
                overrides.append(try Override(text))
            } catch {
                return .failure(SyntaxError(message: error.message))
            }
        }
        return .success(overrides)
    }
}

import SceneFiles

extension Files {
    /// Replaces the scene `file` names with `edited`, atomically, as an editor saves (keeping its
    /// permissions and owner), but only while it still holds `original`, the bytes the edit was
    /// made from: checked on the file actually replaced, never through a symbolic link swapped in
    /// meanwhile (`GuardedRewrite`). nil when written (or nothing to write); otherwise why the
    /// user's file was left alone (read-only, replaced or changed meanwhile: exit 1). A file
    /// system that refuses throws `FileError` (exit 3).
    package static func rewrite(_ file: GuardedRewrite, holding original: [UInt8], with edited: [UInt8],
                        maxBytes: Int) throws -> String? {
        let outcome: Result<Void, ChangedMeanwhile>
        do throws(GuardedRewrite.Failure) {
            outcome = try file.rewrite(maxBytes: maxBytes, temporaries: temporaries) { bytes in
                bytes == original ? .success(edited) : .failure(ChangedMeanwhile())
            }
        } catch {
            switch error.kind {
            case .readOnly, .replaced: return error.message
            case .unwritable: throw FileError(error.message)
            }
        }
        guard case .success = outcome else {
            return "'\(file.shownPath)' changed while it was being edited; nothing written"
        }
        return nil
    }

    private struct ChangedMeanwhile: Error {}
}

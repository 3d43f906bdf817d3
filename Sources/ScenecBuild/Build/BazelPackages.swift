/// The Bazel package of every input: its own folder's when it has a BUILD file, else the nearest
/// generated one above (a scene folder, or a package of exports); an input with none, or whose
/// nearest package above is hand-written, gets a generated `exports_files` package in its own folder.
struct BazelPackages {
    /// The package folder of each input (workspace-relative).
    var packageOf: [String: String] = [:]
    /// The generated packages that are not scene folders, with the files other packages name.
    var exports: [String: [String]] = [:]

    init(root: BazelWorkspace, sceneFolders: Set<String>, trees: [String], inputs: Set<String>) {
        // A generated file under the scene trees stays only if this run writes it again. Each
        // folder's answer is kept: inputs share folders, and each answer reads BUILD files.
        var known: [String: Bool] = [:]
        func isPackage(_ folder: String) -> Bool {
            if let answer = known[folder] { return answer }
            let answer = sceneFolders.contains(folder) || root.exists(folder, "BUILD") || root.isHandWritten(folder, "BUILD.bazel")
                || (root.exists(folder, "BUILD.bazel") && !trees.contains { BazelWorkspace.isWithin(folder, $0) })
                || (root.exportsOnly(folder) && !root.stillExported(folder, sceneFolders: sceneFolders).isEmpty)
            known[folder] = answer
            return answer
        }
        // An input is labelled into its own folder's package or a generated one above (which this
        // run writes, exporting it); a hand-written package above cannot name a file it does not
        // export (Bazel 4.2), so the input's own folder gets a generated package instead.
        func nearest(_ start: String, or own: Set<String>) -> String? {
            var folder = start
            while true {
                if own.contains(folder) { return folder }
                if isPackage(folder) {
                    return folder == start || sceneFolders.contains(folder) || root.isGenerated(folder) ? folder : nil
                }
                if folder.isEmpty { return nil }
                folder = BazelWorkspace.split(folder).folder
            }
        }
        let orphans = Set(inputs.filter { nearest(BazelWorkspace.split($0).folder, or: []) == nil }.map { BazelWorkspace.split($0).folder })
        for input in inputs {
            let package = nearest(BazelWorkspace.split(input).folder, or: orphans) ?? ""
            packageOf[input] = package
            if !sceneFolders.contains(package), root.isGenerated(package) || orphans.contains(package) {
                exports[package, default: []].append(BazelWorkspace.inside(package, input))
            }
        }
        for key in exports.keys { exports[key]?.sort() }
    }

    /// Each input's label from a target in `folder`: `sub/a.yaml` in its own package, else
    /// `//pkg:a.yaml`; the first before the second, each sorted by package then name (as
    /// buildifier sorts them: `//themes:a` before `//themes/dark:b`).
    func labels(_ inputs: [String], from folder: String) -> [String] {
        var local: Set<String> = [], other: Set<[String]> = []
        for input in inputs {
            let package = packageOf[input] ?? ""
            if package == folder { local.insert(BazelWorkspace.inside(package, input)) }
            else { other.insert([package, BazelWorkspace.inside(package, input)]) }
        }
        return local.sorted() + other.sorted { $0.lexicographicallyPrecedes($1) }.map { "//\($0[0]):\($0[1])" }
    }
}

import SceneFiles

/// `build --depfile FILE`: the outputs of the scenes built and every file they were made from —
/// the scenes, the files they import, their fonts — so ninja reruns an `--emit-ninja` edge when
/// one of them changes (the edge's build then renders only the scenes it affects).
struct BuildDepfile {
    var plan: BuildPlan
    var sink: BuildSink

    func write(_ path: String, manifest: BuildManifest, scenes: [SceneEntry], status: inout ExitStatus) {
        var outputs: [String] = [], inputs: [String] = []
        for scene in scenes {
            let entry = manifest.scenes[scene.relativePath]
            outputs += (entry?.outputs ?? [:]).filter { $0.value.stale == nil }.keys.sorted().map { plan.outDir + "/" + $0 }
            inputs.append(scene.path)
            inputs += entry?.imports ?? []
            // A font changes the pixels as an import does; an unreadable scene has none (its
            // edge failed, and ninja reads no depfile then).
            if let read = try? Files.readScene(scene.path, limit: plan.scene.maxFileSize, scope: plan.scene.scope), !read.tooLarge {
                inputs += FontInputs.paths(sceneBytes: read.bytes, scenePath: scene.path)
            }
        }
        var seen = Set<String>()
        inputs = inputs.filter { seen.insert($0).inserted }
        do {
            let unnamed = try Depfile.write(path, outputs: outputs, scene: inputs.first ?? "", inputs: Array(inputs.dropFirst()))
            // A scene left out needs no warning: the edge names it already (as the build line
            // names a `render --depfile`'s scene).
            let scenePaths = Set(scenes.map(\.path))
            for input in unnamed where !scenePaths.contains(input) { sink(.warning(Depfile.warning(unnamed: input, depfile: path))) }
        } catch {
            sink(.fileError((error as? FileError)?.message ?? "\(error)", path: path))
            status = .io
        }
    }
}

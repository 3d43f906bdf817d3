import Foundation
import SceneFiles
import ScenePreview
import SceneRender
import ScenecKit
import TestSupport
import XCTest

/// A `PreviewServer` started in the test as `scenec preview SCENE` starts one (the repository as
/// the project root, the system's temporary folder allowed as `--allow-read` allows it, the
/// scene read under the size limit), stopped when the test ends. The server sets the process's
/// malloc options (PreviewServer.keepMemoryFlat); its memory is measured on a real process in
/// ScenecCLITests/PreviewTests.
final class ServedPreview: PreviewEndpoint {
    let server: PreviewServer
    let url: String
    let port: Int
    let token: String

    /// `frameFiles`: what draws `/api/export`'s GIF, WebP, APNG and flipbook (none: stills only).
    /// `environment`: the clock for `time: now` (the system's by default).
    convenience init(_ test: XCTestCase, scene: String, frameFiles: FrameFiles? = nil,
                     environment: @escaping @Sendable () -> RenderEnvironment = { Surroundings.renderEnvironment }) throws {
        try self.init(test, scenes: [PreviewServer.ServedScene(path: scene)], folder: false, frameFiles: frameFiles,
                      environment: environment)
    }

    /// `scenec preview DIR` (`folder`): several scenes, each by its name.
    init(_ test: XCTestCase, scenes: [PreviewServer.ServedScene], folder: Bool, frameFiles: FrameFiles? = nil,
         environment: @escaping @Sendable () -> RenderEnvironment = { Surroundings.renderEnvironment }) throws {
        guard let root = ProjectRoot(repositoryRoot.path),
              let temporary = ProjectRoot(FileManager.default.temporaryDirectory.path) else {
            throw PreviewFailure("the repository or the temporary folder is not a folder")
        }
        let scope = ReadScope(root: root, allowed: [temporary])
        let limit = SceneReading.maxFileSize
        var configuration = PreviewServer.Configuration(scenes: scenes) { path in
            do throws(SceneReading.Failure) {
                let read = try SceneReading.read(path, limit: limit, scope: scope)
                if read.tooLarge { return .failed("the scene file is larger than \(limit) bytes") }
                return .bytes(read.bytes)
            } catch {
                return .failed(error.message)
            }
        }
        configuration.frontend.options.readScope = scope
        configuration.frontend.options.readImport = SceneReading.importReader(limit: limit, scope: scope)
        configuration.environment = environment
        configuration.frameFiles = frameFiles
        configuration.folder = folder
        do {
            server = try PreviewServer(configuration)
        } catch let failure as PreviewServer.Failure {
            throw PreviewFailure("the preview did not start: \(failure.description)")
        }
        url = server.url
        port = server.port
        let pattern = ##/^http://127\.0\.0\.1:\d+/#token=([0-9a-f]{32})$/##
        guard let match = url.wholeMatch(of: pattern) else {
            server.stop()
            throw PreviewFailure("the page's address is not as scenec preview prints it: '\(url)'")
        }
        token = String(match.1)
        test.addTeardownBlock { [server] in server.stop() }
    }
}

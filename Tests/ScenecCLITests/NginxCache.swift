import Foundation
import XCTest

/// Debian's nginx-light as a Bazel HTTP remote cache (WebDAV PUT), on 127.0.0.1 at a free port,
/// with its own prefix, config, data folder and access log in a temporary folder. `/` takes and
/// serves anything; `/locked/` answers 401 unless the request carries `Authorization: Bearer
/// s3cret`; `/login/` answers every request with 200 and a login page, as a misconfigured
/// proxy in front of a cache would. Stopped by `stop()` (a test class stops it in its teardown).
final class NginxCache {
    let folder: URL
    let port: Int
    private let process: Process

    static let secret = "Bearer s3cret"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-nginx-\(UUID().uuidString)")
        for sub in ["data", "logs", "tmp"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        port = try Self.freePort()
        let f = folder.path
        // Run as root (the test's user here), the workers would be `nobody` and could not write
        // beneath a private temporary folder; as another user nginx ignores `user` with a notice.
        let config = """
            \(getuid() == 0 ? "user root root;" : "")
            daemon off;
            worker_processes 1;
            pid \(f)/nginx.pid;
            error_log \(f)/logs/error.log;
            events { worker_connections 64; }
            http {
              access_log \(f)/logs/access.log;
              client_body_temp_path \(f)/tmp; proxy_temp_path \(f)/tmp; fastcgi_temp_path \(f)/tmp;
              uwsgi_temp_path \(f)/tmp; scgi_temp_path \(f)/tmp;
              client_max_body_size 0;
              server {
                listen 127.0.0.1:\(port);
                location / { root \(f)/data; dav_methods PUT; create_full_put_path on; }
                location /login/ { default_type text/html; return 200 "<html>login</html>"; }
                location /locked/ {
                  if ($http_authorization != "\(Self.secret)") { return 401; }
                  alias \(f)/data/; dav_methods PUT; create_full_put_path on;
                }
              }
            }

            """
        try config.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", f, "-c", f + "/nginx.conf", "-e", f + "/logs/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // nginx writes its pid file after it has opened its listening socket.
        while !FileManager.default.fileExists(atPath: f + "/nginx.pid") {
            guard process.isRunning else {
                let log = (try? String(contentsOf: folder.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
                throw NSError(domain: "nginx", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: log])
            }
            usleep(10_000)
        }
    }

    /// A server for a test's setUp, or the test skipped where nginx-light is not installed.
    static func startedOrSkipped() throws -> NginxCache {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw XCTSkip("nginx-light is not installed (make deps installs it)")
        }
        return try NginxCache()
    }

    /// `http://127.0.0.1:PORT/PREFIX`: each test its own prefix, so its cache starts empty.
    func url(_ prefix: String) -> String { "http://127.0.0.1:\(port)/\(prefix)" }

    /// The access log's request lines (`GET /x HTTP/1.1 200`) under a prefix.
    func requests(under prefix: String) -> [String] {
        let log = (try? String(contentsOf: folder.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "\"")
            guard parts.count > 2 else { return nil }
            let request = String(parts[1])
            let status = parts[2].split(separator: " ").first.map(String.init) ?? ""
            guard request.split(separator: " ").dropFirst().first?.hasPrefix("/" + prefix + "/") == true else { return nil }
            return request + " " + status
        }
    }

    /// The file the server keeps for a path of its cache (`PREFIX/cas/SHA256`).
    func stored(_ path: String) -> URL { folder.appendingPathComponent("data/" + path) }

    /// Stops the server (a fast shutdown) and waits for it; removes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port the system has just given out and taken back.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw NSError(domain: "nginx", code: 1, userInfo: [NSLocalizedDescriptionKey: "no free port"]) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

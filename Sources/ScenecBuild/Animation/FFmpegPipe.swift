import Glibc
import SceneCodecs
import SceneRender
import SceneSupport
import ScenecKit
import SceneFiles

/// Debian's `ffmpeg` as a child process that encodes MP4 (H.264) and WebM (VP9): raw frames go
/// to it on a pipe (no temporary pictures), it writes the file named, and what it says on
/// standard error is kept (in an unnamed temporary file, which never fills as a pipe would) and
/// reported if it fails.
package final class FFmpegPipe {
    /// ffmpeg is missing or failed; the message says which, in the user's words.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    private let pid: pid_t
    private var input: Int32
    private let log: UnsafeMutablePointer<FILE>
    private var reaped = false

    /// `ffmpeg` on PATH outside the project `root` (ProgramLookup), or why there is none.
    package static func lookup(outside root: ProjectRoot) -> ProgramLookup.Found { Programs.find("ffmpeg", outside: root) }

    /// `ffmpeg`'s absolute path; nil when there is none to run.
    package static func locate(outside root: ProjectRoot) -> String? { lookup(outside: root).path }

    /// What the bytes of a video depend on besides the frames: the ffmpeg found and its own
    /// bytes (Debian builds it with its libraries, so an upgrade changes both); nil when none.
    package static func identity(outside root: ProjectRoot) -> String? {
        guard let path = locate(outside: root), let read = try? Files.read(path, limit: 1 << 28), !read.tooLarge else { return nil }
        return "\(path) \(SHA256.hex(read.bytes))"
    }

    /// The arguments that read `width` × `height` frames of B, G, R and an ignored byte at `fps`
    /// from standard input and write `format` to `output`.
    ///
    /// Both are yuv420p, which every player takes and which halves the colour resolution, so a
    /// side of odd length is padded by one black row or column (not scaled, which would blur the
    /// picture). Colours are converted and tagged as BT.709 (limited range), so players do not
    /// guess (ffmpeg's own command line ignores the tag when it converts back to RGB: give it
    /// `-vf scale=in_color_matrix=bt709`). The
    /// encoders run on a fixed number of threads and `bitexact` keeps version strings out of the
    /// container, so the same frames and the same ffmpeg give the same bytes.
    package static func arguments(_ format: AnimationFormat, width: Int, height: Int, timing: FrameTiming,
                          output: String) -> [String] {
        let rate = timing.fraction.map { "\($0.numerator)/\($0.denominator)" } ?? "\(timing.fps)"
        // Accurate rounding and full chroma interpolation: ~3 dB closer to the frames on the
        // coloured antialiased edges, where halving the colour resolution costs the most.
        var filters = ["scale=out_color_matrix=bt709:out_range=tv:flags=lanczos+accurate_rnd+full_chroma_int"]
        if width % 2 == 1 || height % 2 == 1 { filters.insert("pad=ceil(iw/2)*2:ceil(ih/2)*2", at: 0) }
        var args = ["-hide_banner", "-nostdin", "-loglevel", "error",
                    "-f", "rawvideo", "-pix_fmt", "bgr0", "-s", "\(width)x\(height)", "-framerate", rate, "-i", "-",
                    "-vf", filters.joined(separator: ","), "-pix_fmt", "yuv420p",
                    "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        switch format {
        case .webm:
            args += ["-c:v", "libvpx-vp9", "-crf", "20", "-b:v", "0", "-deadline", "good", "-cpu-used", "2",
                     "-threads", "2", "-f", "webm"]
        default:
            args += ["-c:v", "libx264", "-preset", "medium", "-crf", "14", "-threads", "2",
                     "-movflags", "+faststart", "-f", "mp4"]
        }
        return args + ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", "-y", output]
    }

    /// Starts `executable` with `arguments`, its standard input a pipe from this process.
    package init(executable: String, arguments: [String]) throws {
        // A write to an ffmpeg that has exited must fail with EPIPE, to report its message,
        // rather than end scenec with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard let log = tmpfile() else { throw Failure(message: "cannot start ffmpeg: \(String(cString: strerror(errno)))") }
        var fds: [Int32] = [0, 0]
        // Close-on-exec, so ffmpeg inherits only the read end, as its standard input.
        guard pipe(&fds) == 0, fcntl(fds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(fds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            fclose(log)
            throw Failure(message: "cannot start ffmpeg: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fileno(log), STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fileno(log), STDERR_FILENO)
        // scenec blocks Ctrl-C and SIGTERM in every thread (Interrupts) and ignores SIGPIPE;
        // ffmpeg starts with neither, as from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), pipeSignal = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(fds[0])
        guard status == 0 else {
            close(fds[1])
            fclose(log)
            throw Failure(message: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        Interrupts.register(child: child)
        pid = child
        input = fds[1]
        self.log = log
    }

    deinit {
        stop()
        fclose(log)
    }

    /// Sends one frame's bytes; if ffmpeg has stopped reading, its own reason.
    package func write(_ bytes: [UInt8]) throws {
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    let why = String(cString: strerror(errno))
                    try finish()  // throws ffmpeg's message when it failed
                    throw Failure(message: "ffmpeg stopped reading frames: \(why)")
                }
                offset += n
            }
        }
    }

    /// Ends the input and waits for ffmpeg; throws its message unless it exited with status 0.
    package func finish() throws {
        guard !reaped else { return }
        if input >= 0 { close(input); input = -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        Interrupts.unregister(child: pid)
        reaped = true
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        guard code != 0 else { return }
        let how = code > 0 ? "exit status \(code)" : "signal \(status & 0x7F)"
        let said = message()
        throw Failure(message: "ffmpeg failed (\(how))" + (said.isEmpty ? "" : ": \(said)"))
    }

    /// Stops an ffmpeg whose output is no longer wanted (a frame failed to render).
    package func stop() {
        guard !reaped else { return }
        kill(pid, SIGTERM)
        try? finish()
    }

    /// What ffmpeg wrote, its last lines, trimmed.
    private func message() -> String {
        fflush(log)
        rewind(log)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, log)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.filter { $0.contains { !$0.isWhitespace } }.suffix(10).joined(separator: "\n")
    }
}

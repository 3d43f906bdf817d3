import Glibc

/// Runs another program to its end, bounded: standard input from /dev/null, standard output and
/// error into a file, started by its absolute path (found by ProgramLookup, never by a PATH
/// search here).
///
/// A baseline is untrusted, and a small SVG or PDF can ask its rasteriser for gigabytes and
/// minutes, so the child runs
/// - in a process group of its own, killed as a whole when `seconds` pass;
/// - through `/usr/bin/prlimit` (util-linux, where present) with `RLIMIT_AS` (`memory` bytes)
///   and `RLIMIT_CPU` (`seconds`): the kernel enforces both even if scenec itself is killed
///   before its timer fires (posix_spawn cannot set PR_SET_PDEATHSIG), so no child outlives a
///   killed scenec by more than its CPU budget.
enum ChildProcess {
    /// What became of the run.
    package enum Outcome {
        case exited(Int32)
        case signalled(Int32)
        /// Killed after running `seconds`.
        case timedOut
        /// It could not be started; errno's code.
        case notStarted(Int32)
    }

    package static let prlimit = "/usr/bin/prlimit"

    package static func run(_ executable: String, _ arguments: [String], output: String, seconds: Int, memory: Int) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group (0: the child's pid), so a timeout kills whatever it started too; the
        // signals scenec blocks (Interrupts) are unblocked in it, as from a shell.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        var command = [executable] + arguments
        if access(prlimit, X_OK) == 0 {
            command = [prlimit, "--as=\(memory)", "--cpu=\(seconds)", "--"] + command
        }
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, command[0], &actions, &attributes, argv, environ)
        guard started == 0 else { return .notStarted(started) }
        Interrupts.register(child: pid)
        defer { Interrupts.unregister(child: pid) }
        var status: Int32 = 0
        var waited = 0  // milliseconds
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { return .notStarted(errno) }
            if waited >= seconds * 1000 {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                return .timedOut
            }
            usleep(20_000)
            waited += 20
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

import Glibc

/// Runs another program to its end: standard input from /dev/null, standard output and error
/// into a file, found on PATH.
enum ChildProcess {
    /// What became of the run.
    enum Outcome {
        case exited(Int32)
        case signalled(Int32)
        /// It could not be started; errno's code (ENOENT: not on PATH).
        case notStarted(Int32)
    }

    static func run(_ arguments: [String], output: String) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard started == 0 else { return .notStarted(started) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .notStarted(errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

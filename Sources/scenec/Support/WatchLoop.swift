import CommandLineOptions
import ScenecBuild

/// `--watch` on render, frames and build (the loop is ScenecBuild's WatchLoop): a run's errors
/// as the console shows them.
extension WatchLoop {
    static func run(_ command: String, inputs: () throws -> Inputs, once: () throws -> ExitStatus) throws -> ExitStatus {
        try run(command, inputs: inputs, once: { first in try runOnce(once, rethrowingUsage: first) }, say: { Console.line($0) })
    }

    /// One run; a problem that would end the command once is reported and waited out.
    private static func runOnce(_ once: () throws -> ExitStatus, rethrowingUsage: Bool) throws -> ExitStatus {
        do {
            return try once()
        } catch let error as UsageError {
            if rethrowingUsage { throw error }
            Console.fail(error.message)
            return .usage
        } catch let error as PlanError {
            if rethrowingUsage { throw error }
            Console.fail(error.message)
            return .usage
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        } catch {
            Console.fail("\(error)")
            return .sceneError
        }
    }
}

// scenec-fuzz: the front end under libFuzzer (built with -sanitize=fuzzer,address -DFUZZING, see
// `make fuzz`), or, built plainly, a replayer that runs the inputs it is given through the same
// function, so CI can keep the corpus honest without the sanitizer.
import Glibc

#if FUZZING
import CFuzzerDriver

// libFuzzer parses its own options (-max_total_time, -dict, corpus directories, …).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
#else

let usage = """
    usage: scenec-fuzz FILE|DIRECTORY...

    Runs every file given, and every file in each directory given (not recursing), through the
    fuzz target once: YAML, check, layout, sampling and a small PNG. Prints how many it ran;
    exits 0 when all of them returned (a bug shows as a crash), 2 when an argument cannot be read.
    Built with -sanitize=fuzzer,address -DFUZZING (make fuzz) it is a libFuzzer binary instead.
    """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
var ran = 0
for path in arguments {
    let inputs: [String]
    switch Replay.inputs(at: path) {
    case .success(let paths): inputs = paths
    case .failure(let problem):
        Replay.fail(problem.message)
        exit(2)
    }
    for input in inputs {
        guard let bytes = Replay.contents(of: input) else {
            Replay.fail("cannot read '\(input)': \(String(cString: strerror(errno)))")
            exit(2)
        }
        bytes.withUnsafeBufferPointer { _ = fuzzTestOneInput($0.baseAddress, $0.count) }
        ran += 1
    }
}
print("scenec-fuzz: ran \(ran) input\(ran == 1 ? "" : "s")")
#endif

import GestureScript
import GestureTestRunner
import Glibc

/// `gesture-demo test --serve`: a worker of the test runner. It plays one
/// script after another in this one process, so a suite pays for starting
/// the program (its libraries, fonts and the app's names) once per worker
/// rather than once per script.
///
/// Each line on standard input is one job: the arguments of a headless run
/// (`--headless --script FILE --out DIR ...`), separated by U+001F. The
/// job runs exactly as `gesture-demo ARGUMENTS` would, printing what that
/// prints, then the worker writes `WorkerProtocol.endLine` with the exit
/// code that run would have had. At end of input the
/// worker exits, and so it does after a job that gave up a pattern
/// match (`BoundedMatch`). A script that crashes the worker or hangs it is the
/// runner's to handle: it kills the worker and starts another.
enum TestWorker {
    static func serve() -> Never {
        while let line = readLine(strippingNewline: true) {
            let arguments = line.split(separator: WorkerProtocol.separator, omittingEmptySubsequences: false).map(String.init)
            let code = exitCode { var command = try GestureDemo.parseAsRoot(arguments); try command.run() }
            // Everything the job printed goes before its end line.
            fflush(nil)
            // A pattern match given up still runs on a thread of its own:
            // this worker ends with the job, and the runner starts a fresh
            // one for the next.
            let last = BoundedMatch.abandoned > 0
            ScriptFiles.write(WorkerProtocol.endLine(code: code, last: last), to: STDOUT_FILENO)
            if last { exit(0) }
        }
        exit(0)
    }
}

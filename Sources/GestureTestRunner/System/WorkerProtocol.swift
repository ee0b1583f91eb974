/// How the runner talks to a worker (`gesture-demo test --serve`): one job
/// per line on the worker's standard input, its arguments separated by
/// U+001F; the worker answers with what the job printed, then a line
/// `U+0001 gesture-demo-job-end CODE`, or `... CODE last` when it exits
/// after that job (the runner then gives it no other).
public enum WorkerProtocol {
    /// Separates a job's arguments on its line.
    public static let separator: Character = "\u{1F}"
    /// Starts the line that ends a job's output; the exit code follows.
    public static let jobEnd = "\u{1}gesture-demo-job-end "

    /// A job's line (with its newline); nil if an argument holds a newline
    /// or the separator, which the line cannot carry.
    static func line(for arguments: [String]) -> String? {
        guard !arguments.contains(where: { $0.contains("\n") || $0.contains(separator) }) else { return nil }
        return arguments.joined(separator: String(separator)) + "\n"
    }

    /// Follows the code on the end line of a worker's last job.
    static let lastJob = "last"

    /// The worker's line that ends a job; `last` if the worker exits
    /// after it.
    public static func endLine(code: Int32, last: Bool = false) -> String {
        jobEnd + "\(code)" + (last ? " " + lastJob : "") + "\n"
    }
}

import Glibc
import Logging

/// The app's own log (its lines start with "gesture-demo: ").
let appLog = Logger(label: AppLogHandler.appLabel)

/// Prints what the libraries and the app log through swift-log the way
/// this app always has: each message as one line on standard error, with
/// no timestamp or label.
///
/// `info` and below are notes for a person watching (an optional global
/// the compositor lacks, the accelerometer found or not): shown when
/// standard error is a terminal, or with `GESTURE_VERBOSE=1`
/// (`GESTURE_VERBOSE=0` hides them in a terminal too). Scripts, launchers
/// and tests rely on a failing run printing exactly one line, the error,
/// which these notes would bury. `notice` and above always print.
struct AppLogHandler: LogHandler {
    /// The label of `appLog`. A constant, not `appLog.label`: the handler
    /// is made while `appLog` itself is being initialized.
    static let appLabel = "gesture-demo"

    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = AppLogHandler.showsNotes ? .info : .notice
    private let prefix: String

    init(label: String) {
        prefix = label == Self.appLabel ? "\(label): " : ""
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = prefix + event.message.description
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        printError(line)
    }

    private static let showsNotes: Bool = {
        if let verbose = getenv("GESTURE_VERBOSE") { return String(cString: verbose) == "1" }
        return isatty(STDERR_FILENO) == 1
    }()
}

import ArgumentParser

/// The app's flags for one run of its own: headless or live, the script,
/// where its files go, the tree dump. One group for the app, and hidden in
/// `test` and `compare`: ArgumentParser reads the app's flags wherever they
/// stand, and a subcommand's group of the same type gets what the app's
/// read, so a subcommand can refuse them rather than drop them unseen.
struct RunOptions: ParsableArguments {
    @Flag(help: "Run without a compositor, on a virtual clock.")
    var headless = false

    @Flag(help: "Replay --script into a live window in real time (the window closes at its end).")
    var live = false

    @Option(help: "Input script to play headless (see docs/scripting.md).")
    var script: String?

    // Optional, so that a subcommand can tell a given `--out` from none.
    @Option(name: .customLong("out"), help: "Folder for headless snapshots and log.jsonl (default: gesture-demo-out).")
    var outFolder: String?

    /// `--out`, else the default folder.
    var out: String { outFolder ?? "gesture-demo-out" }

    @Option(help: "Write a live session's log (JSON lines, as log.jsonl) to this file ('-' for standard output).")
    var log: String?

    @Option(help: "Record a live session's input as a script to this file (replays headless as is).")
    var record: String?

    @Option(name: .customLong("accelerometer-root"), help: "Where to look for a Linux IIO accelerometer (live runs; default: /sys/bus/iio/devices).")
    var accelerometerRootFolder: String?

    /// `--accelerometer-root`, else where Linux puts IIO devices.
    var accelerometerRoot: String { accelerometerRootFolder ?? "/sys/bus/iio/devices" }

    @Flag(help: "Print the view tree as JSON (after layout at --size) and exit.")
    var dumpTree = false

    /// The flags given, by name, for a subcommand that takes none of them.
    var given: [String] {
        [("--headless", headless), ("--live", live), ("--script", script != nil), ("--out", outFolder != nil),
         ("--log", log != nil), ("--record", record != nil), ("--accelerometer-root", accelerometerRootFolder != nil),
         ("--dump-tree", dumpTree)].filter(\.1).map(\.0)
    }
}

import GestureScript

/// Which files a live session's outputs (`--record`, `--log`) may not be,
/// all refused as usage errors (exit 2) before either is opened: the
/// script the session replays (it would be written over), each other
/// (their lines would be mixed), and a file a snapshot of the script
/// writes in `--out` (the recording or log would be replaced). One file
/// however spelt (a link, `./`), as `ScriptFiles.isSameFile` tells; `-`
/// is standard output, and only another `-` is the same.
///
/// Checked at two moments, each as soon as it can be: the paths given,
/// before the script is even read (`check(against:)`), and the snapshots'
/// files once the script is parsed (`check(againstSnapshots:)`). A
/// headless run has no such outputs (it refuses `--record` and `--log`);
/// its own check, that the script is not its log.jsonl, is its own.
struct LiveOutputs {
    var record: String?
    var log: String?

    /// Refuses an output that is `script`, the file the session replays,
    /// or that is the other output.
    func check(against script: String?) throws {
        let outputs = [("--record", record), ("--log", log)].compactMap { flag, path in path.map { (flag, $0) } }
        for (index, (flag, path)) in outputs.enumerated() {
            if let script, path != "-", ScriptFiles.isSameFile(path, script) {
                throw ExitError.usage("\(flag) \(path) is the script --script replays: "
                                      + "the session would write over it (give \(flag) another file)")
            }
            for (otherFlag, other) in outputs[..<index] where path == "-" ? other == "-" : ScriptFiles.isSameFile(path, other) {
                throw ExitError.usage("\(otherFlag) and \(flag) name the same file (\(path == "-" ? "standard output" : path)): "
                                      + "their lines would be mixed (give each its own file)")
            }
        }
    }

    /// Refuses an output that is one of `files`, those a snapshot of the
    /// script writes in `--out` (`SnapshotWriter.files(of:)`), each with
    /// its snapshot's name.
    func check(againstSnapshots files: [(snapshot: String, path: String)]) throws {
        for (flag, path) in [("--log", log), ("--record", record)] {
            guard let path, path != "-",
                  let file = files.first(where: { ScriptFiles.isSameFile(path, $0.path) }) else { continue }
            throw ExitError.usage("\(flag) \(path) is where the script's snapshot \(file.snapshot) is written "
                                  + "(\(file.path)): give \(flag) another file, or --out another folder")
        }
    }
}

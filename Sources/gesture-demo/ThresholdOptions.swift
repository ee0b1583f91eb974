import ArgumentParser
import GestureKit

/// `--thresholds NAME`: which platform's rules judge gestures, in live and
/// headless runs. (`compare` judges under every preset and refuses it.)
/// One group for the app, `compare` and `test` (`SharedOptions`).
struct ThresholdOptions: SharedOptions {
    // Optional, so that a command can tell a given `--thresholds uikit`
    // from none.
    @Option(name: .customLong("thresholds"),
            help: ArgumentHelp("Judge gestures by this platform's thresholds: \(ThresholdOptions.presetNames). "
                               + "(default: \(GestureThresholds.uikit.name))"))
    var presetName: String?

    static var presetNames: String { GestureThresholds.presets.map(\.name).joined(separator: ", ") }

    func check() throws {
        _ = try preset()
    }

    /// The preset `--thresholds` names, UIKit's without it.
    func preset() throws -> GestureThresholds {
        guard let presetName else { return .uikit }
        guard let preset = GestureThresholds.preset(named: presetName) else {
            throw ValidationError("--thresholds expects one of: \(Self.presetNames); got '\(presetName)'")
        }
        return preset
    }
}

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

    /// The presets' names, comma-separated, for the help and errors. Every
    /// launch builds them (the help texts are made while parsing), so with
    /// a plain loop: the generic `map(\.name).joined(separator:)` looked
    /// its types up at run time, about a twentieth of the parse.
    static let presetNames: String = {
        var names = ""
        for preset in GestureThresholds.presets {
            if !names.isEmpty { names += ", " }
            names += preset.name
        }
        return names
    }()

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

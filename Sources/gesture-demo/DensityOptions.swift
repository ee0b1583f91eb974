import ArgumentParser
import GestureKit

/// `--dpi N`: the density the thresholds' millimetres are converted with.
/// Shared by live and headless runs and by `compare` (`SharedOptions`).
struct DensityOptions: SharedOptions {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Logical pixels per inch of the output, for thresholds in millimetres "
                               + "(default: measured from the output in a live window; 96 headless and in compare).", valueName: "N"))
    var dpi: Double?

    /// The densities `--dpi` accepts, in logical pixels per inch: from a
    /// wall-sized television at scale 1 to a phone drawn at scale 1.
    static let dpiRange = 20.0...1000.0

    func check() throws {
        _ = try density()
    }

    /// The density `--dpi` gives, nil without it.
    func density() throws -> OutputDensity? {
        guard let dpi else { return nil }
        guard dpi.isFinite, Self.dpiRange.contains(dpi) else {
            throw ValidationError("--dpi expects logical pixels per inch from \(Int(Self.dpiRange.lowerBound)) "
                                  + "to \(Int(Self.dpiRange.upperBound)), got '\(formatCoordinate(dpi))'")
        }
        return .configured(dotsPerInch: dpi)
    }

    /// The density of a headless window: `--dpi`, else the documented
    /// default (there is no output to measure).
    func headlessDensity() throws -> OutputDensity {
        try density() ?? Self.headlessDefault
    }

    static let headlessDefault = OutputDensity.fallback(reason: "headless, no output (--dpi sets one)")
}

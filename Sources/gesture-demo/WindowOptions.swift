import ArgumentParser
import DemoApp
import GestureKit

/// `--size WIDTHxHEIGHT` and `--page NAME`: the window a run starts with.
/// One group for the app and `compare` (`SharedOptions`).
struct WindowOptions: SharedOptions {
    // Unconditional, as --time-limit: "--size -5x5" is refused for its
    // value, not taken for a flag with the value missing.
    @Option(parsing: .unconditional,
            help: "Window size in logical pixels, WIDTHxHEIGHT, until a script's first size (default 800x600).")
    var size: String?

    // Optional, so that `test` can tell a given `--page touches` from none.
    @Option(name: .customLong("page"), help: "Page to show first, until a script's first page (default: touches).")
    var pageName: DemoPage?

    /// The page `--page` gives, else the first tab.
    var page: DemoPage { pageName ?? .touches }

    func check() throws {
        _ = try parsedSize()
    }

    /// The size `--size` gives, nil without it.
    func parsedSize() throws -> Size? {
        try size.map(parseWindowSize)
    }

    /// The size of a headless window: `--size`, else the app's default
    /// (there is no compositor to choose one).
    func headlessSize() throws -> Size {
        try parsedSize() ?? DemoApp.defaultSize
    }
}

/// `--size WIDTHxHEIGHT` as a size in logical pixels; anything else is a
/// usage error naming the flag.
func parseWindowSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          (1...16384).contains(w), (1...16384).contains(h) else {
        throw ValidationError("--size expects WIDTHxHEIGHT from 1x1 to 16384x16384, got '\(text)'")
    }
    return Size(width: Double(w), height: Double(h))
}

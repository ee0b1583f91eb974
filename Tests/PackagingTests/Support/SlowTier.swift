import Foundation
import Testing

/// Tests that need more than the -dev packages (validators, a compositor,
/// a second build) run with the end-to-end tier: `GESTURE_E2E=1`, as
/// `scripts/test.sh` sets after `scripts/setup.sh --test`.
let slowTierEnabled = ProcessInfo.processInfo.environment["GESTURE_E2E"] == "1"

/// The suites that run SwiftPM on this package's own build folder while
/// `swift test` holds it (hence `--ignore-lock`): serialized, so that no
/// two of those builds ever run at once, and in the slow tier.
@Suite(.serialized, .enabled(if: slowTierEnabled, "set GESTURE_E2E=1 (scripts/test.sh does) to run nested builds"))
enum NestedBuildTests {}

import Foundation
import GestureSensors

/// Synthetic accelerometer signals: gravity at a tilt, plus an optional
/// shake, as functions of time.
enum Motion {
    static let g = 9.81

    /// Gravity for a device tilted `degrees` from lying flat, about its x
    /// axis.
    static func gravity(tilt degrees: Double) -> AccelerationSample {
        let radians = degrees * .pi / 180
        return AccelerationSample(x: 0, y: g * sin(radians), z: g * cos(radians))
    }

    /// A small deterministic jitter (a sensor's noise), under 0.3 m/s^2 on
    /// each axis.
    static func noise(at t: Double) -> AccelerationSample {
        AccelerationSample(x: 0.3 * sin(t * 91.7), y: 0.25 * sin(t * 57.3 + 1), z: 0.2 * sin(t * 133.1 + 2))
    }

    /// A device lying still at `tilt`: gravity plus sensor noise.
    static func resting(tilt: Double, at t: Double) -> AccelerationSample {
        shake(at: t, start: 0, duration: 0, amplitude: 0, tilt: tilt)
    }

    /// A side-to-side shake along x: `amplitude` m/s^2 at `frequency` Hz
    /// from `start` for `duration` seconds (whole half-periods end at rest),
    /// on top of gravity at `tilt`.
    static func shake(at t: Double, start: Double, duration: Double, frequency: Double = 5,
                      amplitude: Double = 20, tilt: Double = 30) -> AccelerationSample {
        let down = gravity(tilt: tilt), jitter = noise(at: t)
        let inShake = t >= start && t <= start + duration
        let push = inShake ? amplitude * sin(2 * .pi * frequency * (t - start)) : 0
        return AccelerationSample(x: down.x + jitter.x + push, y: down.y + jitter.y, z: down.z + jitter.z)
    }
}

// swift-tools-version: 6.0
import PackageDescription

// A program of its own that adopts GestureKit: it depends on the Gesture
// Demo package by path, as an app in another repository would by URL.
let package = Package(
    name: "StrokeCounter",
    dependencies: [
        .package(name: "GestureDemo", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "stroke-counter",
            dependencies: [
                .product(name: "GestureKit", package: "GestureDemo"),
                .product(name: "GestureWayland", package: "GestureDemo"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// In-process benchmarks of the toolkit, apart from the app's package so that
// a plain `swift build` of the app never builds the benchmark framework.
// Run with scripts/bench.sh (or `swift package benchmark` in this folder).
let package = Package(
    name: "GestureDemoBenchmarks",
    dependencies: [
        .package(name: "GestureDemo", path: ".."),
        // The malloc interposer counts heap allocations per event.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Toolkit",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GestureKit", package: "GestureDemo"),
                .product(name: "GestureRender", package: "GestureDemo"),
                .product(name: "DemoApp", package: "GestureDemo"),
            ],
            path: "Benchmarks/Toolkit",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

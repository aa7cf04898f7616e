// swift-tools-version: 6.1
// Benchmarks for the overlay-wl engine. Run: cd Benchmarks && swift package --disable-sandbox benchmark
import PackageDescription

let package = Package(
    name: "overlay-wl-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "overlay-wl", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "OverlayEngineBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/OverlayEngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TipBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TipBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ViewTreeBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "OverlayRenderer", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ViewTreeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "InputBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/InputBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RendererBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "OverlayRenderer", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RendererBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CenterBenchmarks",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "OverlayRenderer", package: "overlay-wl"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CenterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

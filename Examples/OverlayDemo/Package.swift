// swift-tools-version: 6.1
import PackageDescription

/// An app that shows its own overlays in-process, with overlay-wl's library products.
let package = Package(
    name: "OverlayDemo",
    dependencies: [.package(name: "overlay-wl", path: "../..")],
    targets: [
        .executableTarget(
            name: "OverlayDemo",
            dependencies: [
                .product(name: "OverlayEngine", package: "overlay-wl"),
                .product(name: "OverlayRenderer", package: "overlay-wl"),
                .product(name: "WaylandPresenter", package: "overlay-wl"),
            ],
            // The presenter is single-threaded by design (one poll loop), as in the library.
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)

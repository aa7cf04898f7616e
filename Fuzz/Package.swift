// swift-tools-version: 6.1
// libFuzzer targets for the parsers (docs/RELIABILITY.md, "Fuzzing"). Built and run by
// scripts/fuzz (docs/RELIABILITY.md has the command); each target is an executable whose
// `LLVMFuzzerTestOneInput` feeds one input to the real entry point, and whose main.swift hands
// control to libFuzzer (`LLVMFuzzerRunDriver`).
import PackageDescription

let parsers: (String) -> Target.Dependency = { .product(name: $0, package: "overlay-wl") }
let driver: Target.Dependency = "FuzzDriver"

let package = Package(
    name: "overlay-wl-fuzz",
    dependencies: [.package(name: "overlay-wl", path: "..")],
    targets: [
        .target(name: "FuzzDriver", path: "Driver"),
        .executableTarget(name: "fuzz-markup", dependencies: [driver, parsers("OverlayRenderer")], path: "Targets/markup"),
        .executableTarget(name: "fuzz-image-data", dependencies: [driver, parsers("DBusService"), parsers("OverlayRenderer")],
                          path: "Targets/image-data"),
        .executableTarget(name: "fuzz-dbus-message", dependencies: [driver, parsers("DBusService")], path: "Targets/dbus-message"),
        .executableTarget(name: "fuzz-config", dependencies: [driver, parsers("OverlayConfig"), parsers("OverlayEngine")],
                          path: "Targets/config"),
        .executableTarget(name: "fuzz-scene-tour", dependencies: [driver, parsers("OverlayScene"), parsers("OverlayConfig"),
                                                                  parsers("OverlayEngine"), parsers("SwayIPC")],
                          path: "Targets/scene-tour"),
        .executableTarget(name: "fuzz-sway-ipc", dependencies: [driver, parsers("SwayIPC")], path: "Targets/sway-ipc"),
        .executableTarget(name: "fuzz-icon-cache", dependencies: [driver, parsers("OverlayRenderer")], path: "Targets/icon-cache"),
        .executableTarget(name: "fuzz-view-tree", dependencies: [driver, parsers("OverlayEngine"), parsers("OverlayRenderer")],
                          path: "Targets/view-tree"),
    ]
)

// swift-tools-version: 6.1
// libFuzzer targets for the parsers (docs/RELIABILITY.md, "Fuzzing"). Built and run by
// scripts/fuzz (docs/RELIABILITY.md has the command); each target is an executable whose
// `LLVMFuzzerTestOneInput` feeds one input to the real entry point, and whose main.swift hands
// control to libFuzzer (`LLVMFuzzerRunDriver`).
import PackageDescription

let parsers: (String) -> Target.Dependency = { .product(name: $0, package: "overlay-wl") }

let package = Package(
    name: "overlay-wl-fuzz",
    dependencies: [.package(name: "overlay-wl", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-markup", dependencies: [parsers("OverlayRenderer")], path: "Targets/markup"),
        .executableTarget(name: "fuzz-image-data", dependencies: [parsers("DBusService"), parsers("OverlayRenderer")],
                          path: "Targets/image-data"),
        .executableTarget(name: "fuzz-dbus-message", dependencies: [parsers("DBusService")], path: "Targets/dbus-message"),
        .executableTarget(name: "fuzz-config", dependencies: [parsers("OverlayConfig"), parsers("OverlayEngine")],
                          path: "Targets/config"),
        .executableTarget(name: "fuzz-scene-tour", dependencies: [parsers("OverlayScene"), parsers("OverlayConfig"),
                                                                  parsers("OverlayEngine"), parsers("SwayIPC")],
                          path: "Targets/scene-tour"),
        .executableTarget(name: "fuzz-sway-ipc", dependencies: [parsers("SwayIPC")], path: "Targets/sway-ipc"),
    ]
)

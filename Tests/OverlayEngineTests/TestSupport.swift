// Shared helpers for engine tests.
@testable import OverlayEngine

let small = Size(width: 100, height: 40)

/// A manager with one registered container, configured by `configure`.
func makeManager(_ name: String = "c", display: DisplayType = .stacking, queue: QueueType = .multiple,
                 configure: (inout ContainerConfiguration) -> Void = { _ in }) -> OverlayManager {
    var config = ContainerConfiguration(name: name, displayType: display, queueType: queue)
    configure(&config)
    var manager = OverlayManager()
    try! manager.register(config, now: 0)
    return manager
}

extension OverlayManager {
    /// Shows a view with a caller-chosen id and returns it.
    @discardableResult
    mutating func put(_ raw: UInt64, in name: String = "c", _ configuration: ViewConfiguration = .init(),
                      size: Size = small, animated: Bool = true, at now: Double = 0) -> ViewID {
        try! show(ViewID(raw), in: name, configuration: configuration, size: size, animated: animated, now: now)
    }
}

func ids(_ raws: UInt64...) -> [ViewID] { raws.map(ViewID.init) }

/// Just the ids and kinds, for compact expectations.
func summary(_ effects: [EngineEffect]) -> [String] {
    effects.map { effect in
        switch effect {
        case .appeared(let id, _): "appeared \(id.rawValue)"
        case .dismissed(let id, _, let reason): "dismissed \(id.rawValue) \(reason)"
        case .removed(let id, _): "removed \(id.rawValue)"
        case .hook(let name, let id, _): "hook \(name) \(id.rawValue)"
        }
    }
}

extension ViewConfiguration {
    static func with(_ edit: (inout ViewConfiguration) -> Void) -> ViewConfiguration {
        var c = ViewConfiguration()
        edit(&c)
        return c
    }
}

func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Listener userdata: `Unmanaged.passUnretained(box)`; the box holds its owner weakly,
/// so a late event for a dead object finds nil instead of freed memory.
public final class ListenerBox<Owner: AnyObject> {
    public weak var owner: Owner?
    public init(_ owner: Owner) { self.owner = owner }

    public var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    public static func owner(_ data: UnsafeMutableRawPointer?) -> Owner? {
        guard let data else { return nil }
        return Unmanaged<ListenerBox<Owner>>.fromOpaque(data).takeUnretainedValue().owner
    }
}

/// A listener table allocated once, so its address is stable for libwayland.
public func stableListener<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let table = UnsafeMutablePointer<T>.allocate(capacity: 1)
    table.initialize(to: value)
    return table
}

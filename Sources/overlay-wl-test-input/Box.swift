/// Listener userdata for the test tool (the daemon's `ListenerBox` is internal to WaylandPresenter):
/// the box holds its owner weakly, so a late event for a dead object finds nil.
final class Box<Owner: AnyObject> {
    weak var owner: Owner?
    init(_ owner: Owner) { self.owner = owner }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func owner(_ data: UnsafeMutableRawPointer?) -> Owner? {
        guard let data else { return nil }
        return Unmanaged<Box<Owner>>.fromOpaque(data).takeUnretainedValue().owner
    }
}

/// A listener table allocated once, so its address is stable for libwayland.
func stable<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let table = UnsafeMutablePointer<T>.allocate(capacity: 1)
    table.initialize(to: value)
    return table
}

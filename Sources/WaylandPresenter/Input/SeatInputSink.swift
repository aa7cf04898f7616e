/// Receives a seat's input events (the presenter). Devices keep their own state (focus,
/// position, touch points), so a sink attached late still sees consistent events.
protocol SeatInputSink: AnyObject {
    func pointerEvent(_ event: PointerDevice.Event, from pointer: PointerDevice)
    func touchEvent(_ event: TouchDevice.Event, from touch: TouchDevice)
    func keyboardEvent(_ event: KeyboardDevice.Event, from keyboard: KeyboardDevice)
}

/// A device a seat binds while it has the capability (`Seat.follow`).
protocol SeatDevice: AnyObject {
    init(seatProxy: OpaquePointer, seat: UInt32)
    var sink: SeatInputSink? { get set }
    /// Releases the device's proxy (the seat lost the capability, or is going away).
    func remove()
}

extension PointerDevice: SeatDevice {}
extension TouchDevice: SeatDevice {}
extension KeyboardDevice: SeatDevice {}

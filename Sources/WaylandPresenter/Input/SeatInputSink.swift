/// Receives a seat's input events (the presenter). Devices keep their own state (focus,
/// position, touch points), so a sink attached late still sees consistent events.
protocol SeatInputSink: AnyObject {
    func pointerEvent(_ event: PointerDevice.Event, from pointer: PointerDevice)
    func touchEvent(_ event: TouchDevice.Event, from touch: TouchDevice)
    func keyboardEvent(_ event: KeyboardDevice.Event, from keyboard: KeyboardDevice)
}

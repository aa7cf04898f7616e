import DBusService

// Raw bytes as they arrive on a client's connection: sd-bus parses the message, the daemon's
// reader reads it (a Notify call straight into a NotifyRequest, anything else as values), and
// the hints the daemon looks at are evaluated.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let contents = try? WireMessage.read(bytes) else { return 0 }
    switch contents {
    case .notify(let request):
        _ = (request.urgency, request.category, request.desktopEntry, request.imagePath, request.isTransient,
             request.isResident, request.actionIcons, request.value, request.synchronousTag, request.x, request.y,
             request.soundFile, request.soundName, request.suppressSound, request.imageData, request.imageDataProblem)
        for (_, value) in request.hints { _ = value.signature }
    case .values(let values):
        for value in values {
            _ = value.signature
            _ = ImageData.parse(value)
        }
    }
    return 0
}

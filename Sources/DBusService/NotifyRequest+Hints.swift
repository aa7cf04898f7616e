public enum Urgency: UInt8, Sendable, Comparable {
    case low = 0, normal = 1, critical = 2

    public static func < (a: Urgency, b: Urgency) -> Bool { a.rawValue < b.rawValue }
}

/// Typed views of the standard hints. A hint of the wrong type reads as absent.
extension NotifyRequest {
    /// "urgency": a byte per the spec; any integer type is accepted.
    public var urgency: Urgency? {
        hints["urgency"]?.integerValue.flatMap { (0...2).contains($0) ? Urgency(rawValue: UInt8($0)) : nil }
    }

    public var category: String? { hints["category"]?.stringValue }
    public var desktopEntry: String? { hints["desktop-entry"]?.stringValue }
    public var imagePath: String? { (hints["image-path"] ?? hints["image_path"])?.stringValue }
    public var isTransient: Bool { hints["transient"]?.boolValue ?? false }
    public var isResident: Bool { hints["resident"]?.boolValue ?? false }
    public var actionIcons: Bool { hints["action-icons"]?.boolValue ?? false }

    /// "value": progress, normally 0...100 (not clamped here).
    public var value: Int? { hints["value"]?.integerValue }

    /// "x-canonical-private-synchronous" or "x-dunst-stack-tag": replace the notification
    /// carrying the same tag instead of stacking.
    public var synchronousTag: String? {
        hints["x-canonical-private-synchronous"]?.stringValue ?? hints["x-dunst-stack-tag"]?.stringValue
    }

    public var x: Int32? { hints["x"]?.integerValue.flatMap { Int32(exactly: $0) } }
    public var y: Int32? { hints["y"]?.integerValue.flatMap { Int32(exactly: $0) } }

    public var soundFile: String? { hints["sound-file"]?.stringValue }
    public var soundName: String? { hints["sound-name"]?.stringValue }
    public var suppressSound: Bool { hints["suppress-sound"]?.boolValue ?? false }

    /// The raw image hint, by the spec's priority: "image-data", "image_data", "icon_data".
    private var rawImageData: (key: String, value: BusValue)? {
        for key in ["image-data", "image_data", "icon_data"] {
            if let value = hints[key] { return (key, value) }
        }
        return nil
    }

    /// The image from "image-data" (or its deprecated names), validated; nil when absent or
    /// invalid (see `imageDataProblem`).
    public var imageData: ImageData? {
        guard let raw = rawImageData, case .success(let image) = ImageData.parse(raw.value) else { return nil }
        return image
    }

    /// Why an image hint that is present was rejected, for logging; nil when absent or valid.
    public var imageDataProblem: String? {
        guard let raw = rawImageData, case .failure(let problem) = ImageData.parse(raw.value) else { return nil }
        return "\(raw.key): \(problem.reason)"
    }
}

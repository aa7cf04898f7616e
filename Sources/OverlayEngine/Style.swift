// Visual style values a view or container can carry: colours, backgrounds, shadows.

/// RGBA colour, each component in 0...1.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses "#RRGGBB" or "#RRGGBBAA" (the leading "#" is optional). Nil for anything else.
    public init?(hex: String) {
        var value: UInt32 = 0, count = 0
        for (i, byte) in hex.utf8.enumerated() {
            if i == 0, byte == UInt8(ascii: "#") { continue }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            count += 1
            guard count <= 8 else { return nil }
            value = value << 4 | UInt32(digit)
        }
        guard count == 6 || count == 8 else { return nil }
        let rgba = count == 6 ? (value << 8) | 0xFF : value
        func channel(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Thickness of a blurred background, thinnest first.
public enum BlurMaterial: CaseIterable, Sendable {
    case ultraThin, thin, regular, thick, ultraThick
}

/// What is drawn behind a view, covering the whole container.
public enum Background: Equatable, Sendable {
    case color(Color)
    case blur(BlurMaterial)
    /// Opaque name the presenter maps to its own drawing.
    case custom(String)
}

/// How the background comes and goes with its view.
public enum BackgroundTransition: Equatable, Sendable {
    /// Fades with the view's transition progress.
    case opacity
    /// Appears and disappears at once.
    case identity
}

/// A drop shadow: colour, blur radius and offset.
public struct Shadow: Hashable, Sendable {
    /// The largest offset a shadow is drawn at, in points on either axis (configs and scenes
    /// refuse more; the renderer draws a larger one at this).
    public static let maximumOffset = 500.0
    /// The largest blur radius a shadow is drawn with, in points (configs and scenes refuse more;
    /// the renderer draws a larger one at this). View files, which come from outside, have a lower
    /// cap of their own (`ViewLimits.maxShadowRadius`).
    public static let maximumRadius = 200.0
    public var color: Color
    public var radius: Double
    public var offset: Point
    public init(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.33), radius: Double, offset: Point = .zero) {
        self.color = color; self.radius = radius; self.offset = offset
    }
}

/// The direction of a swipe.
public enum SwipeDirection: CaseIterable, Equatable, Sendable {
    case left, right, up, down
}

/// The gesture that dismisses a view.
public enum DismissGesture: Equatable, Sendable {
    case tap
    case doubleTap
    case longPress(seconds: Double)
    case swipe(SwipeDirection)
    /// Opaque name the presenter maps to its own recogniser.
    case custom(String)
}

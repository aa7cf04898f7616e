import OverlayEngine
import OverlayRenderer

/// Bounds on what a scene may ask to draw: a picture is a canvas in memory, 4 bytes a pixel; a
/// shadow's blur, a card's lengths and a container's spacing are bounded like the config's.
extension SceneRenderer {
    /// Pixels a side of a rendered picture (a frame or a contact sheet): 256 MiB at most.
    public static let maximumPixelSide = 8192.0
    /// The scale a scene or `overlay-wl render --scale` may ask for.
    public static let scales = 0.1...8.0

    /// The scene's own size, scale, time and span, checked before anything is set up.
    static func checkPictureFields(of scene: SceneFile) throws {
        if let size = scene.size {
            guard size.count == 2, size.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= maximumPixelSide }) else {
                throw SceneError.badValue(field: "size", value: "\(size) (two numbers in 1...\(Int(maximumPixelSide)))")
            }
        }
        if let scale = scene.scale, !scales.contains(scale) {
            throw SceneError.badValue(field: "scale", value: "\(scale) (expected \(scales.lowerBound)...\(scales.upperBound))")
        }
        if let time = scene.time { try checkTime(time) }
        if let span = scene.span {
            guard span.count == 2 else { throw SceneError.badValue(field: "span", value: "\(span) (expected [from, to])") }
            for t in span { try checkTime(t) }
        }
    }

    /// A picture of `width` × `height` points at `scale` must have 1 to `maximumPixelSide` pixels a side.
    static func checkPicture(width: Double, height: Double, scale: Double) throws {
        let sides = [width * scale, height * scale]
        guard scales.contains(scale), sides.allSatisfy({ $0.isFinite && $0.rounded() >= 1 && $0 <= maximumPixelSide }) else {
            throw SceneError.badValue(field: "size", value: "\(width)x\(height) at scale \(scale) "
                                      + "(1 to \(Int(maximumPixelSide)) pixels a side)")
        }
    }

    /// Lengths and counts a scene may set, as the config file bounds them where it has the key.
    static let ranges: [String: ClosedRange<Double>] = [
        "shadow.radius": 0...Shadow.maximumRadius, "shadow.offset": -Shadow.maximumOffset...Shadow.maximumOffset, "spacing": -1000...1000, "insets": 0...10_000,
        "delayForShowingNext": 0...60, "style.width": 0...maximumPixelSide, "style.padding": 0...1000,
        "style.cornerRadius": 0...1000, "style.borderWidth": 0...100, "style.iconSize": 0...1024,
        "style.bodyMaxLines": 0...1000, "frame": -100_000...100_000, "tip.target": -100_000...100_000,
        "tip.usableInsets": 0...10_000,
    ]

    /// `value` if it is within the bounds of `field` (a key of `ranges`).
    static func bounded(_ value: Double, _ field: String) throws -> Double {
        let range = ranges[field]!
        guard range.contains(value) else {
            throw SceneError.badValue(field: field, value: "\(value) (expected \(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }

    /// Times are seconds on the scene's timeline: finite, and within a day of its start.
    static func checkTime(_ t: Double) throws {
        guard t.isFinite, abs(t) <= 86_400 else {
            throw SceneError.badValue(field: "time", value: "\(t) (seconds, at most 86400)")
        }
    }
}

// Plain geometry values: points, sizes, rectangles and insets (y grows downwards).

/// Identity of one overlay view. Callers may pick their own values.
public struct ViewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (lhs: ViewID, rhs: ViewID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    /// What dictionaries and sets key on: the raw value's one-shot hash, as `UInt64` keys get
    /// (the engine looks ids up many times a notification; the synthesized hash runs a whole
    /// `Hasher` for each).
    public func _rawHashValue(seed: Int) -> Int { rawValue._rawHashValue(seed: seed) }
}

/// A point in logical points (y grows downwards).
public struct Point: Hashable, Sendable {
    public var x, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// Euclidean length, treating the point as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// A width and a height in logical points.
public struct Size: Hashable, Sendable {
    public var width, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: its top-left corner and its size.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// Smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    /// The rectangle both cover; zero-sized at the nearer corner when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0), height: max(0, min(maxY, other.maxY) - y0))
    }
    /// True when the interiors overlap.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    /// True when `other` lies within this rectangle, edges included.
    public func contains(_ other: Rect) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }
    /// Half-open containment: the max edges are outside.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// Shrinks by dx on the left and right, dy on top and bottom (negative grows).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    /// Shrinks by the given insets, never below zero size.
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(x: minX + e.leading, y: minY + e.top,
             width: max(0, width - e.leading - e.trailing), height: max(0, height - e.top - e.bottom))
    }
    public func offsetBy(_ d: Point) -> Rect { Rect(origin: origin + d, size: size) }
}

/// Distances in from each edge (leading and trailing follow the reading direction).
public struct EdgeInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }
    public static let zero = EdgeInsets(all: 0)
}

/// A rectangle edge (used by transitions and safe-area policies).
public enum Edge: CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing
}

/// One of nine positions inside a rectangle.
public enum Alignment: CaseIterable, Sendable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

    /// Horizontal position as a fraction: 0 leading, 0.5 centre, 1 trailing.
    public var unitX: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: 0
        case .top, .center, .bottom: 0.5
        case .topTrailing, .trailing, .bottomTrailing: 1
        }
    }
    /// Vertical position as a fraction: 0 top, 0.5 centre, 1 bottom.
    public var unitY: Double {
        switch self {
        case .topLeading, .top, .topTrailing: 0
        case .leading, .center, .trailing: 0.5
        case .bottomLeading, .bottom, .bottomTrailing: 1
        }
    }
    /// The alignment as a unit point (0...1 on both axes).
    public var unitPoint: Point { Point(x: unitX, y: unitY) }

    /// Frame of `size` placed at this alignment inside `bounds`.
    public func place(_ size: Size, in bounds: Rect) -> Rect {
        Rect(x: bounds.minX + (bounds.width - size.width) * unitX,
             y: bounds.minY + (bounds.height - size.height) * unitY,
             width: size.width, height: size.height)
    }
}

// Where a container's surface goes on screen: the layer-shell terms, as plain values.

/// Which output, which layer, anchored how, with what margins and size. The defaults are the
/// notification column: the right edge of the focused output, 360 points wide, full height.
public struct SurfacePlacement: Equatable, Sendable {
    /// Which output the surface goes on.
    public enum Output: Equatable, Sendable {
        /// The compositor's choice (the focused output).
        case focused
        /// The output with this name (HEADLESS-1, DP-2…); the focused one while it is not connected.
        case named(String)
        /// Every output at once, each with its own surface.
        case all
    }

    /// Layer-shell layers, bottom to top (`protocolValue` is the layer's number).
    public enum Layer: String, CaseIterable, Sendable {
        case background, bottom, top, overlay
        public var protocolValue: UInt32 { UInt32(Self.allCases.firstIndex(of: self)!) }
    }

    /// Anchored edges (the raw values are layer-shell's).
    public struct Anchor: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let top = Anchor(rawValue: 1), bottom = Anchor(rawValue: 2)
        public static let left = Anchor(rawValue: 4), right = Anchor(rawValue: 8)

        public init(top: Bool = false, bottom: Bool = false, left: Bool = false, right: Bool = false) {
            self = []
            if top { insert(.top) }
            if bottom { insert(.bottom) }
            if left { insert(.left) }
            if right { insert(.right) }
        }

        public var names: [String] {
            [("top", Anchor.top), ("bottom", .bottom), ("left", .left), ("right", .right)].filter { contains($0.1) }.map(\.0)
        }
    }

    /// Margins in layer-shell order: top, right, bottom, left.
    public struct Margins: Equatable, Sendable, ExpressibleByArrayLiteral {
        public var top, right, bottom, left: Int32
        public init(top: Int32, right: Int32, bottom: Int32, left: Int32) {
            self.top = top; self.right = right; self.bottom = bottom; self.left = left
        }
        /// `[top, right, bottom, left]`; missing values are 0.
        public init(_ values: [Int32]) {
            let v = values + Array(repeating: 0, count: max(0, 4 - values.count))
            self.init(top: v[0], right: v[1], bottom: v[2], left: v[3])
        }
        public init(arrayLiteral elements: Int32...) { self.init(elements) }
        public static let zero = Margins(top: 0, right: 0, bottom: 0, left: 0)
    }

    public var output: Output = .focused
    public var layer: Layer = .overlay
    public var anchor: Anchor = [.top, .bottom, .right]
    public var margins: Margins = [12, 12, 0, 0]
    /// 0 stretches between opposite anchors.
    public var width: UInt32 = 360
    public var height: UInt32 = 0
    /// Layer-shell's exclusive zone: -1 covers panels too.
    public var exclusiveZone: Int32 = 0

    public init() {}

    public init(layer: Layer = .overlay, anchor: Anchor, margins: Margins = .zero, width: UInt32, height: UInt32,
                output: Output = .focused, exclusiveZone: Int32 = 0) {
        self.layer = layer
        self.anchor = anchor
        self.margins = margins
        self.width = width
        self.height = height
        self.output = output
        self.exclusiveZone = exclusiveZone
    }

    /// Where layer-shell puts a surface of `size` (what the compositor granted) on an output of
    /// logical size `output`, ignoring other surfaces' exclusive zones (wlroots' arrangement):
    /// the top-left corner in the output's logical coordinates.
    public func origin(size: (width: Int, height: Int), output: (width: Int, height: Int)) -> (x: Int, y: Int) {
        let x = Self.offset(start: anchor.contains(.left), end: anchor.contains(.right), length: size.width,
                            bounds: output.width, marginStart: Int(margins.left), marginEnd: Int(margins.right))
        let y = Self.offset(start: anchor.contains(.top), end: anchor.contains(.bottom), length: size.height,
                            bounds: output.height, marginStart: Int(margins.top), marginEnd: Int(margins.bottom))
        return (x, y)
    }

    /// One axis: pinned to an anchored edge (plus its margin), else centred within the margins.
    private static func offset(start: Bool, end: Bool, length: Int, bounds: Int, marginStart: Int, marginEnd: Int) -> Int {
        switch (start, end) {
        case (true, false): marginStart
        case (false, true): bounds - marginEnd - length
        default: marginStart + (bounds - marginStart - marginEnd - length) / 2
        }
    }
}

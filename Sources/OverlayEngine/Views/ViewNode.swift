// The declarative view tree: one value type describing a view, laid out by `ViewLayout`.

/// One node of a view tree: what it is, its children, its modifiers (innermost first) and an
/// optional id that matches it across updates.
public struct ViewNode: Equatable, Sendable {
    /// What the node is.
    public var kind: ViewKind
    /// Child nodes (stacks, grids and the label of a button); empty for leaves.
    public var children: [ViewNode]
    /// Modifiers in application order: the first wraps the node itself, the last is outermost.
    public var modifiers: [ViewModifier]
    /// Identity across updates (moves and size changes are matched by it).
    public var id: String?

    /// A node of `kind` with `children`, no modifiers and no id.
    public init(_ kind: ViewKind, children: [ViewNode] = [], modifiers: [ViewModifier] = [], id: String? = nil) {
        self.kind = kind; self.children = children; self.modifiers = modifiers; self.id = id
    }
}

/// What a view node is: a container or a leaf.
public enum ViewKind: Equatable, Sendable {
    /// Children top to bottom, aligned horizontally.
    case vstack(spacing: Double, alignment: HorizontalAlignment)
    /// Children leading to trailing, aligned vertically.
    case hstack(spacing: Double, alignment: VerticalAlignment)
    /// Children on top of each other (first at the back).
    case zstack(alignment: Alignment)
    /// Flexible space along its stack's axis, at least `minLength`.
    case spacer(minLength: Double)
    /// A one-point line across its stack's axis.
    case divider
    /// Children row by row in the given columns.
    case grid(columns: [GridColumn], spacing: Double, rowSpacing: Double)
    /// Pango markup (sanitised when drawn). Boxed: a text's content is the largest of the
    /// cases, and placed parts are copied often (every frame of a move).
    indirect case text(TextContent)
    /// A picture from a file, the icon theme or raw pixels.
    case image(ImageContent)
    /// A bar filled to `value / total`.
    case progressBar(value: Double, total: Double)
    /// A pressable view; its label is the node's first child.
    case button(action: String, style: ButtonStyle)
    /// An on/off switch.
    case toggle(isOn: Bool, action: String)
    /// A value picked in `range` in steps of `step` (0: continuous).
    case slider(value: Double, range: ClosedRange<Double>, step: Double, action: String)
    /// A one-line text entry showing its placeholder while empty.
    case textField(TextFieldContent)
    /// A built-in vector symbol drawn in a colour (no file, no icon theme).
    case symbol(SymbolContent)

    /// True for kinds that take children.
    public var isContainer: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .grid, .button: true
        default: false
        }
    }
}

/// Horizontal alignment of a vertical stack's children.
public enum HorizontalAlignment: String, CaseIterable, Sendable {
    case leading, center, trailing
    /// 0 leading, 0.5 centre, 1 trailing.
    public var unit: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

/// Vertical alignment of a horizontal stack's children.
public enum VerticalAlignment: String, CaseIterable, Sendable {
    case top, center, bottom
    /// 0 top, 0.5 centre, 1 bottom.
    public var unit: Double { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

/// Width of one grid column.
public enum GridColumn: Equatable, Sendable {
    /// Exactly this wide.
    case fixed(Double)
    /// An equal share of the width left by fixed columns.
    case flexible
}

/// Text and how it is set.
public struct TextContent: Equatable, Sendable {
    /// Pango markup.
    public var markup: String
    /// Font family, size and weight.
    public var font: FontSpec
    /// Colour; nil uses the theme's text colour.
    public var color: Color?
    /// Most lines shown; nil for no limit.
    public var lineLimit: Int?
    /// Wraps at word boundaries when true; one line otherwise.
    public var wraps: Bool
    /// Where text that does not fit is cut.
    public var truncation: Truncation
    /// Links (`<a href>`) are drawn in this colour and can be clicked; nil draws them as plain text.
    public var linkColor: Color?
    /// Images (`<img src>`, a path or file:// URI) are drawn in the text, fitted into its width
    /// and this height (never enlarged); nil shows their alt text.
    public var imageMaxHeight: Double?
    /// True: the text takes the whole width it is offered and its lines are aligned in it by its
    /// own direction (left to right at the left edge, right to left at the right), as a toast's
    /// body, also in a mirrored tree; false: it is as wide as its lines.
    public var fillsWidth = false
    /// True: the text takes the whole width it is offered and each line is centred in it (a
    /// button's label, placed where the font library centres it, to the sub-pixel).
    public var centersLines = false

    /// Text with the default font, wrapping, cut at the end.
    public init(_ markup: String, font: FontSpec = FontSpec(), color: Color? = nil, lineLimit: Int? = nil,
                wraps: Bool = true, truncation: Truncation = .end, linkColor: Color? = nil, imageMaxHeight: Double? = nil) {
        self.markup = markup; self.font = font; self.color = color
        self.lineLimit = lineLimit; self.wraps = wraps; self.truncation = truncation; self.linkColor = linkColor
        self.imageMaxHeight = imageMaxHeight
    }
}

/// A one-line text entry: what it shows, what Enter reports, and how it is set.
public struct TextFieldContent: Equatable, Sendable {
    /// Shown, dimmer, while the field is empty.
    public var placeholder: String
    /// What was typed (plain text).
    public var text: String
    /// The action Enter (or a button with this action) reports with the text.
    public var submitAction: String
    /// The font of its text; its height is one line of it plus 8 pt.
    public var font: FontSpec
    /// Taller than that when this is more (a row whose button shows an icon).
    public var minHeight: Double
    /// The text runs from the field's right edge and reads right to left whatever is typed (the
    /// field of a mirrored tree).
    public var rightToLeft: Bool

    public init(placeholder: String = "", text: String = "", submitAction: String, font: FontSpec = FontSpec(),
                minHeight: Double = 0, rightToLeft: Bool = false) {
        self.placeholder = placeholder; self.text = text; self.submitAction = submitAction
        self.font = font; self.minHeight = minHeight; self.rightToLeft = rightToLeft
    }
}

/// A built-in symbol: which one, its square side in points and its colour.
public struct SymbolContent: Equatable, Sendable {
    public var name: SymbolName
    /// Side of the square it is drawn in.
    public var size: Double
    /// Colour; nil uses the theme's text colour.
    public var color: Color?

    public init(_ name: SymbolName, size: Double = 16, color: Color? = nil) {
        self.name = name; self.size = size; self.color = color
    }
}

/// The symbols drawn without a file.
public enum SymbolName: String, CaseIterable, Sendable {
    /// An "×" of two round-capped strokes (a close button's).
    case close
}

/// Where an ellipsis replaces text that does not fit.
public enum Truncation: String, CaseIterable, Sendable {
    case none, start, middle, end
}

/// A font request: family (nil for the theme's), size in points and weight.
public struct FontSpec: Hashable, Sendable {
    /// Font family; nil uses the theme's.
    public var family: String?
    /// Size in points.
    public var size: Double
    /// Stroke weight.
    public var weight: FontWeight

    /// A font of `size` points (13 by default).
    public init(family: String? = nil, size: Double = 13, weight: FontWeight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }
}

/// Font weight, lightest first.
public enum FontWeight: String, CaseIterable, Sendable {
    case light, regular, medium, semibold, bold
}

/// A picture and the box it is drawn in.
public struct ImageContent: Equatable, Sendable {
    /// Where the picture comes from.
    public var source: ViewImageSource
    /// Size of the box; nil uses the pixel size (raw pixels) or 32×32.
    public var size: Size?
    /// How the picture fills the box.
    public var contentMode: ContentMode
    /// Drawn in this colour where the picture is opaque, its own colours ignored: a symbolic
    /// icon in the colour of the text beside it (as GTK recolours them). Nil: as it is.
    public var tint: Color?

    /// An image from `source`.
    public init(_ source: ViewImageSource, size: Size? = nil, contentMode: ContentMode = .fit, tint: Color? = nil) {
        self.source = source; self.size = size; self.contentMode = contentMode; self.tint = tint
    }

    /// Box size when none is given.
    public static let defaultSize = Size(width: 32, height: 32)
}

/// Where an image comes from.
public enum ViewImageSource: Equatable, Sendable {
    /// A file path.
    case file(String)
    /// An icon-theme name.
    case icon(String)
    /// Straight RGBA pixels, row by row (`width * height * 4` bytes).
    case pixels(width: Int, height: Int, rgba: [UInt8])

    /// An icon whose name ends in `-symbolic`: a shape drawn in one colour, which the theme's
    /// text colour replaces unless the image has a tint of its own (as GTK recolours them).
    public var isSymbolicIcon: Bool {
        if case .icon(let name) = self { return name.hasSuffix("-symbolic") }
        return false
    }
}

/// How an image fills its box.
public enum ContentMode: String, CaseIterable, Sendable {
    /// Whole picture visible, aspect kept.
    case fit
    /// Box covered, aspect kept, overflow cut.
    case fill
}

/// How a button is drawn.
public enum ButtonStyle: String, CaseIterable, Sendable {
    /// Label only.
    case plain
    /// Label on a light rounded background.
    case bordered
    /// Label on the accent colour.
    case prominent
}

/// A change applied around a node; layout modifiers (padding, frame) change its size.
public enum ViewModifier: Equatable, Sendable {
    /// Space around the node.
    case padding(EdgeInsets)
    /// Fixed or flexible size around the node.
    case frame(FrameSpec)
    /// Painted behind the node, over its frame at this point.
    case background(Fill)
    /// Rounds the corners of the node's backgrounds, borders and shadows.
    case cornerRadius(Double)
    /// A line along the inside of the frame, drawn over the node.
    case border(Color, width: Double)
    /// A shadow under the node's backgrounds.
    case shadow(Shadow)
    /// Multiplies the opacity of the node and everything in it.
    case opacity(Double)
    /// Cuts what the node draws inside this modifier (its inner backgrounds, itself and its
    /// children) to its frame, rounded by its corner radius.
    case clipped
    /// An arrow out of one edge of the node's backgrounds, shadows and borders (a help tip's
    /// callout), which they follow along with their rounded frame.
    case arrow(CalloutArrow)
}

/// An arrow out of one edge of a frame, pointing at what a help tip explains: its base on that
/// edge and its tip, relative to the frame's origin (not mirrored with the tree: it points where
/// its target is).
public struct CalloutArrow: Equatable, Sendable {
    /// The side of its target the frame lies on; the arrow leaves the opposite edge.
    public var side: TipSide
    public var baseStart: Point
    public var tip: Point
    public var baseEnd: Point

    public init(side: TipSide, baseStart: Point, tip: Point, baseEnd: Point) {
        self.side = side; self.baseStart = baseStart; self.tip = tip; self.baseEnd = baseEnd
    }

    /// The arrow moved by `d`.
    public func offsetBy(_ d: Point) -> CalloutArrow {
        CalloutArrow(side: side, baseStart: baseStart + d, tip: tip + d, baseEnd: baseEnd + d)
    }
}

/// How a background is painted.
public enum Fill: Equatable, Sendable {
    /// A solid colour.
    case color(Color)
    /// Blurred content behind the overlay (the presenter maps the material).
    case blur(BlurMaterial)
    /// A linear gradient from `start` to `end`, points in unit coordinates of the frame.
    case linearGradient(colors: [Color], start: Point, end: Point)
    /// A blur material over a tint of its own (a card's colour, translucent): the tint over what
    /// is blurred, a quarter denser where nothing is.
    case frosted(BlurMaterial, tint: Color)

    /// True for the fills that show a blur of what is under them.
    public var isBlur: Bool {
        switch self {
        case .blur, .frosted: true
        case .color, .linearGradient: false
        }
    }
}

/// A frame request: fixed width/height, or minimum, ideal and maximum (SwiftUI's `frame`).
public struct FrameSpec: Equatable, Sendable {
    public var width, height: Double?
    public var minWidth, idealWidth, maxWidth: Double?
    public var minHeight, idealHeight, maxHeight: Double?
    /// Where the node sits when the frame is larger.
    public var alignment: Alignment

    /// A frame; fixed sizes win over the flexible bounds on the same axis.
    public init(width: Double? = nil, height: Double? = nil,
                minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.width = width; self.height = height
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// Measures text for layout, so the engine needs no font library.
public protocol TextMeasuring {
    /// Size of `text` set as described, wrapped to `proposedWidth` (nil: as wide as it wants).
    /// The width should not exceed `proposedWidth` unless one glyph is wider.
    func measure(_ text: TextContent, proposedWidth: Double?) -> Size
}

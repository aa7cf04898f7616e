// A result-builder DSL for view trees: `VStack { Text("Volume"); Slider(value: 0.4, action: "vol") }.padding(12)`.

/// Collects the nodes written in a container's closure, with `if`, `if/else` and `for` support.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ node: ViewNode) -> [ViewNode] { [node] }
    public static func buildExpression(_ nodes: [ViewNode]) -> [ViewNode] { nodes }
    public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part ?? [] }
    public static func buildEither(first part: [ViewNode]) -> [ViewNode] { part }
    public static func buildEither(second part: [ViewNode]) -> [ViewNode] { part }
    public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] { parts.flatMap { $0 } }
}

/// Children stacked top to bottom.
public func VStack(alignment: HorizontalAlignment = .center, spacing: Double = 8,
                   @ViewBuilder _ content: () -> [ViewNode]) -> ViewNode {
    ViewNode(.vstack(spacing: spacing, alignment: alignment), children: content())
}

/// Children side by side, leading to trailing.
public func HStack(alignment: VerticalAlignment = .center, spacing: Double = 8,
                   @ViewBuilder _ content: () -> [ViewNode]) -> ViewNode {
    ViewNode(.hstack(spacing: spacing, alignment: alignment), children: content())
}

/// Children on top of each other, the first at the back.
public func ZStack(alignment: Alignment = .center, @ViewBuilder _ content: () -> [ViewNode]) -> ViewNode {
    ViewNode(.zstack(alignment: alignment), children: content())
}

/// Children row by row in `columns`.
public func Grid(columns: [GridColumn], spacing: Double = 8, rowSpacing: Double = 8,
                 @ViewBuilder _ content: () -> [ViewNode]) -> ViewNode {
    ViewNode(.grid(columns: columns, spacing: spacing, rowSpacing: rowSpacing), children: content())
}

/// Flexible space along the enclosing stack's axis.
public func Spacer(minLength: Double = 0) -> ViewNode { ViewNode(.spacer(minLength: minLength)) }

/// A thin line across the enclosing stack's axis.
public func Divider() -> ViewNode { ViewNode(.divider) }

/// Pango markup set in `font`.
public func Text(_ markup: String, font: FontSpec = FontSpec(), color: Color? = nil, lineLimit: Int? = nil,
                 wraps: Bool = true, truncation: Truncation = .end) -> ViewNode {
    ViewNode(.text(TextContent(markup, font: font, color: color, lineLimit: lineLimit, wraps: wraps, truncation: truncation)))
}

/// A picture from `source` in a box of `size`; with a `tint`, that colour where it is opaque.
public func Image(_ source: ViewImageSource, size: Size? = nil, contentMode: ContentMode = .fit, tint: Color? = nil) -> ViewNode {
    ViewNode(.image(ImageContent(source, size: size, contentMode: contentMode, tint: tint)))
}

/// A bar filled to `value / total`.
public func ProgressBar(value: Double, total: Double = 1) -> ViewNode {
    ViewNode(.progressBar(value: value, total: total))
}

/// A built-in vector symbol, a `size`-point square.
public func Symbol(_ name: SymbolName, size: Double = 16, color: Color? = nil) -> ViewNode {
    ViewNode(.symbol(SymbolContent(name, size: size, color: color)))
}

/// A pressable `label` that reports `action` (the first view of `label` is used).
public func Button(action: String, style: ButtonStyle = .bordered, @ViewBuilder label: () -> [ViewNode]) -> ViewNode {
    ViewNode(.button(action: action, style: style), children: Array(label().prefix(1)))
}

/// A button whose label is `title`.
public func Button(_ title: String, action: String, style: ButtonStyle = .bordered) -> ViewNode {
    ViewNode(.button(action: action, style: style), children: [Text(title)])
}

/// An on/off switch reporting `action`.
public func Toggle(isOn: Bool, action: String) -> ViewNode { ViewNode(.toggle(isOn: isOn, action: action)) }

/// A value in `range` in steps of `step` (0: continuous), reporting `action`.
public func Slider(value: Double, in range: ClosedRange<Double> = 0...1, step: Double = 0, action: String) -> ViewNode {
    ViewNode(.slider(value: value, range: range, step: step, action: action))
}

/// A one-line text entry reporting `submitAction` on Enter.
public func TextField(_ placeholder: String, text: String = "", submitAction: String) -> ViewNode {
    ViewNode(.textField(TextFieldContent(placeholder: placeholder, text: text, submitAction: submitAction)))
}

extension ViewNode {
    /// This node with `modifier` applied outside the existing ones.
    public func modifier(_ modifier: ViewModifier) -> ViewNode {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }
    /// Space of `length` on every edge.
    public func padding(_ length: Double = 8) -> ViewNode { modifier(.padding(EdgeInsets(all: length))) }
    /// Space of the given insets.
    public func padding(_ insets: EdgeInsets) -> ViewNode { modifier(.padding(insets)) }
    /// A fixed size on either axis.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ViewNode {
        modifier(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
    }
    /// Flexible bounds on either axis (use `.infinity` as a maximum to fill the offered space).
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> ViewNode {
        modifier(.frame(FrameSpec(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                  minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))
    }
    /// A solid colour behind the node.
    public func background(_ color: Color) -> ViewNode { modifier(.background(.color(color))) }
    /// A fill behind the node.
    public func background(_ fill: Fill) -> ViewNode { modifier(.background(fill)) }
    /// Rounded corners for the node's backgrounds, borders and shadows.
    public func cornerRadius(_ radius: Double) -> ViewNode { modifier(.cornerRadius(radius)) }
    /// A line of `width` along the inside of the frame.
    public func border(_ color: Color, width: Double = 1) -> ViewNode { modifier(.border(color, width: width)) }
    /// A shadow under the node's backgrounds.
    public func shadow(_ shadow: Shadow) -> ViewNode { modifier(.shadow(shadow)) }
    /// Multiplies the opacity of the node and its children.
    public func opacity(_ value: Double) -> ViewNode { modifier(.opacity(value)) }
    /// Cuts the node and its children to its frame, rounded by its corner radius.
    public func clipped() -> ViewNode { modifier(.clipped) }
    /// An arrow its backgrounds, shadows and borders follow (a help tip's callout).
    public func arrow(_ arrow: CalloutArrow) -> ViewNode { modifier(.arrow(arrow)) }
    /// Names the node so updates match it.
    public func id(_ id: String) -> ViewNode {
        var copy = self
        copy.id = id
        return copy
    }
}

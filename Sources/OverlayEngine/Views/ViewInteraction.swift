// What a user can do to a shown view tree: find the control under a point, and change a node's
// state (a toggle flipped, a slider moved, a field typed into) in place.

/// What a control reports when the user acts on it.
public enum ViewActionValue: Equatable, Sendable {
    /// A button: the action alone.
    case none
    /// A toggle's new state.
    case bool(Bool)
    /// A slider's value.
    case number(Double)
    /// A text field's text.
    case text(String)
}

/// One user action on a view tree: the control's action name and its value.
public struct ViewAction: Equatable, Sendable {
    public var action: String
    public var value: ViewActionValue
    public init(action: String, value: ViewActionValue) { self.action = action; self.value = value }

    /// The built-in action of a close button: a click on a button with it closes the view, as
    /// a toast's close button does, instead of reporting an action.
    public static let close = "overlay-wl.close"
}

extension ViewKind {
    /// True for the kinds a click or a drag acts on.
    public var isControl: Bool {
        switch self {
        case .button, .toggle, .slider, .textField: true
        default: false
        }
    }
}

extension ViewLayoutResult {
    /// The front-most control whose frame contains `point` (root coordinates), if any.
    public func control(at point: Point) -> PlacedView? {
        for part in placed.reversed() {
            guard case .node(let kind) = part.part, kind.isControl else { continue }
            let f = part.frame
            if point.x >= f.minX && point.x < f.maxX && point.y >= f.minY && point.y < f.maxY { return part }
        }
        return nil
    }
}

extension ViewNode {
    /// Number of nodes in the tree (the root included).
    public var nodeCount: Int { children.reduce(1) { $0 + $1.nodeCount } }

    /// The node at `index` in a depth-first, parent-first walk (`PlacedView.index`).
    public func node(at index: Int) -> ViewNode? {
        guard index >= 0 else { return nil }
        if index == 0 { return self }
        var offset = 1
        for child in children {
            let count = child.nodeCount
            if index < offset + count { return child.node(at: index - offset) }
            offset += count
        }
        return nil
    }

    /// Changes the node at `index` (as in `node(at:)`); false when there is none.
    @discardableResult
    public mutating func update(at index: Int, _ change: (inout ViewNode) -> Void) -> Bool {
        guard index >= 0 else { return false }
        if index == 0 { change(&self); return true }
        var offset = 1
        for position in children.indices {
            let count = children[position].nodeCount
            if index < offset + count { return children[position].update(at: index - offset, change) }
            offset += count
        }
        return false
    }
}

/// Slider geometry shared by drawing and input: the knob travels between the track's ends
/// inset by its radius.
public enum SliderTrack {
    /// Radius of the knob in points.
    public static let knobRadius = 8.0

    /// The value a pointer at `x` (root coordinates) picks on a slider in `frame`: clamped to
    /// `range` and rounded to `step` (0: continuous).
    public static func value(atX x: Double, frame: Rect, range: ClosedRange<Double>, step: Double) -> Double {
        let travel = max(0, frame.width - 2 * knobRadius)
        let fraction = travel > 0 ? min(1, max(0, (x - frame.minX - knobRadius) / travel)) : 0
        return snapped(range.lowerBound + fraction * (range.upperBound - range.lowerBound), range: range, step: step)
    }

    /// `value` clamped to `range` and rounded to the nearest step from the lower bound.
    public static func snapped(_ value: Double, range: ClosedRange<Double>, step: Double) -> Double {
        var v = value.isFinite ? min(range.upperBound, max(range.lowerBound, value)) : range.lowerBound
        if step > 0 {
            v = range.lowerBound + ((v - range.lowerBound) / step).rounded() * step
            v = min(range.upperBound, max(range.lowerBound, v))
        }
        return v
    }

    /// The value one key press moves a slider: its step, else a twentieth of its range.
    public static func keyStep(range: ClosedRange<Double>, step: Double) -> Double {
        step > 0 ? step : (range.upperBound - range.lowerBound) / 20
    }

    /// Fraction 0...1 of the track `value` fills.
    public static func fraction(_ value: Double, range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0, value.isFinite else { return 0 }
        return min(1, max(0, (value - range.lowerBound) / span))
    }
}

extension ViewNode {
    /// The tree with every relative image file path taken relative to `directory` (a view file's
    /// own folder), so a file and its pictures move together.
    public func resolvingImageFiles(relativeTo directory: String) -> ViewNode {
        var node = self
        if case .image(var content) = kind, case .file(let path) = content.source,
           !path.hasPrefix("/"), !path.hasPrefix("file://"), !directory.isEmpty {
            content.source = .file(directory.hasSuffix("/") ? directory + path : directory + "/" + path)
            node.kind = .image(content)
        }
        node.children = children.map { $0.resolvingImageFiles(relativeTo: directory) }
        return node
    }
}

extension ViewNode {
    /// The text of the first text field whose submit action is `action` (a button with that
    /// action submits it); nil when there is none.
    public func textField(submitting action: String) -> String? {
        if case .textField(let field) = kind, field.submitAction == action { return field.text }
        for child in children { if let text = child.textField(submitting: action) { return text } }
        return nil
    }

    /// The index (as in `node(at:)`) of the first text field whose submit action is `action`.
    public func fieldIndex(submitting action: String) -> Int? {
        if case .textField(let field) = kind, field.submitAction == action { return 0 }
        var offset = 1
        for child in children {
            if let index = child.fieldIndex(submitting: action) { return offset + index }
            offset += child.nodeCount
        }
        return nil
    }
}

extension ViewNode {
    /// The index (as in `node(at:)`) of the first button whose action is `action`.
    public func buttonIndex(action: String) -> Int? {
        if case .button(action, _) = kind { return 0 }
        var offset = 1
        for child in children {
            if let index = child.buttonIndex(action: action) { return offset + index }
            offset += child.nodeCount
        }
        return nil
    }

    /// The actions of the tree's buttons, in walk order.
    public var buttonActions: [String] {
        var actions: [String] = []
        if case .button(let action, _) = kind { actions.append(action) }
        for child in children { actions += child.buttonActions }
        return actions
    }
}

// Writing a view tree as JSON (schema in docs/VIEWS.md); decoding the output gives the same tree.

extension ViewNode {
    /// The tree as JSON text (keys sorted, no spaces).
    public var json: String { jsonValue.serialized }

    /// The tree as a JSON value; values equal to the decoder's defaults are left out.
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = [:]
        /// Sets `key` unless `value` is the default.
        func put<T: Equatable>(_ key: String, _ value: T, default fallback: T, _ json: (T) -> JSONValue) {
            if value != fallback { o[key] = json(value) }
        }
        func number(_ key: String, _ value: Double, default fallback: Double) { put(key, value, default: fallback) { .number($0) } }
        if let id { o["id"] = .string(id) }
        if !modifiers.isEmpty { o["modifiers"] = .array(modifiers.map(\.jsonValue)) }
        if !children.isEmpty, kind.isStackOrGrid { o["children"] = .array(children.map(\.jsonValue)) }
        switch kind {
        case .vstack(let spacing, let alignment):
            o["type"] = "vstack"; number("spacing", spacing, default: 8)
            put("alignment", alignment, default: .center) { .string($0.rawValue) }
        case .hstack(let spacing, let alignment):
            o["type"] = "hstack"; number("spacing", spacing, default: 8)
            put("alignment", alignment, default: .center) { .string($0.rawValue) }
        case .zstack(let alignment):
            o["type"] = "zstack"; put("alignment", alignment, default: .center) { .string($0.jsonName) }
        case .grid(let columns, let spacing, let rowSpacing):
            o["type"] = "grid"; number("spacing", spacing, default: 8); number("rowSpacing", rowSpacing, default: 8)
            if columns != [.flexible] { o["columns"] = .array(columns.map { if case .fixed(let w) = $0 { .number(w) } else { "flexible" } }) }
        case .spacer(let minLength):
            o["type"] = "spacer"; number("minLength", minLength, default: 0)
        case .divider:
            o["type"] = "divider"
        case .text(let t):
            o["type"] = "text"; o["text"] = .string(t.markup)
            if let font = t.font.jsonValue { o["font"] = font }
            if let color = t.color { o["color"] = .string(color.jsonHex) }
            if let limit = t.lineLimit { o["lineLimit"] = .number(Double(limit)) }
            put("wraps", t.wraps, default: true) { .bool($0) }
            put("truncation", t.truncation, default: .end) { .string($0.rawValue) }
            if let link = t.linkColor { o["linkColor"] = .string(link.jsonHex) }
            if let height = t.imageMaxHeight { o["imageMaxHeight"] = .number(height) }
            if t.fillsWidth { o["fillsWidth"] = .bool(true) }
            if t.centersLines { o["centered"] = .bool(true) }
        case .symbol(let symbol):
            o["type"] = "symbol"; o["name"] = .string(symbol.name.rawValue); number("size", symbol.size, default: 16)
            if let color = symbol.color { o["color"] = .string(color.jsonHex) }
        case .image(let image):
            o["type"] = "image"; put("contentMode", image.contentMode, default: .fit) { .string($0.rawValue) }
            if let size = image.size { o["size"] = .object(["width": .number(size.width), "height": .number(size.height)]) }
            if let tint = image.tint { o["tint"] = .string(tint.jsonHex) }
            switch image.source {
            case .file(let path): o["file"] = .string(path)
            case .icon(let name): o["icon"] = .string(name)
            case .pixels(let w, let h, let rgba):
                o["pixels"] = .object(["width": .number(Double(w)), "height": .number(Double(h)), "rgba": .string(Base64.encode(rgba))])
            }
        case .progressBar(let value, let total):
            o["type"] = "progressBar"; number("value", value, default: 0); number("total", total, default: 1)
        case .button(let action, let style):
            o["type"] = "button"; o["action"] = .string(action); put("style", style, default: .bordered) { .string($0.rawValue) }
            o["label"] = children.first?.jsonValue
        case .toggle(let isOn, let action):
            o["type"] = "toggle"; put("isOn", isOn, default: false) { .bool($0) }; o["action"] = .string(action)
        case .slider(let value, let range, let step, let action):
            o["type"] = "slider"; number("value", value, default: range.lowerBound); number("min", range.lowerBound, default: 0)
            number("max", range.upperBound, default: 1); number("step", step, default: 0); o["action"] = .string(action)
        case .textField(let field):
            o["type"] = "textField"; put("placeholder", field.placeholder, default: "") { .string($0) }
            put("text", field.text, default: "") { .string($0) }; o["submitAction"] = .string(field.submitAction)
            if let font = field.font.jsonValue { o["font"] = font }
            if field.minHeight > 0 { o["minHeight"] = .number(field.minHeight) }
            if field.rightToLeft { o["rightToLeft"] = .bool(true) }
        }
        return .object(o)
    }
}

extension FontSpec {
    /// `{"size", "weight", "family"}` as a node's `font`, defaults left out (nil: all default).
    var jsonValue: JSONValue? {
        var font: [String: JSONValue] = [:]
        if size != 13 { font["size"] = .number(size) }
        if weight != .regular { font["weight"] = .string(weight.rawValue) }
        if let family { font["family"] = .string(family) }
        return font.isEmpty ? nil : .object(font)
    }
}

extension ViewKind {
    /// Stacks and grids: their children are written as `children` (a button's one child is its `label`).
    var isStackOrGrid: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .grid: true
        default: false
        }
    }
}

extension ViewModifier {
    /// The modifier as a one-key JSON object.
    public var jsonValue: JSONValue {
        switch self {
        case .padding(let e):
            if e.top == e.leading, e.top == e.bottom, e.top == e.trailing { return ["padding": .number(e.top)] }
            return ["padding": .object(["top": .number(e.top), "leading": .number(e.leading),
                                        "bottom": .number(e.bottom), "trailing": .number(e.trailing)])]
        case .frame(let f):
            var o: [String: JSONValue] = f.alignment == .center ? [:] : ["alignment": .string(f.alignment.jsonName)]
            let lengths: [(String, Double?)] = [("width", f.width), ("height", f.height), ("minWidth", f.minWidth),
                                                ("idealWidth", f.idealWidth), ("minHeight", f.minHeight), ("idealHeight", f.idealHeight)]
            for (key, value) in lengths { if let value { o[key] = .number(value) } }
            if let m = f.maxWidth { o["maxWidth"] = m.isFinite ? .number(m) : "infinity" }
            if let m = f.maxHeight { o["maxHeight"] = m.isFinite ? .number(m) : "infinity" }
            return ["frame": .object(o)]
        case .background(.color(let c)):
            return ["background": .string(c.jsonHex)]
        case .background(.blur(let material)):
            let name = ViewJSONDecoder.materials.first { $0.material == material }!.name
            return ["background": ["blur": .string(name)]]
        case .background(.frosted(let material, let tint)):
            let name = ViewJSONDecoder.materials.first { $0.material == material }!.name
            return ["background": ["blur": .string(name), "tint": .string(tint.jsonHex)]]
        case .background(.linearGradient(let colors, let start, let end)):
            return ["background": ["gradient": .object([
                "colors": .array(colors.map { .string($0.jsonHex) }),
                "start": .array([.number(start.x), .number(start.y)]), "end": .array([.number(end.x), .number(end.y)]),
            ])]]
        case .cornerRadius(let r):
            return ["cornerRadius": .number(r)]
        case .border(let c, let width):
            return ["border": .object(width == 1 ? ["color": .string(c.jsonHex)] : ["color": .string(c.jsonHex), "width": .number(width)])]
        case .shadow(let s):
            var o: [String: JSONValue] = [:]
            if s.color != Shadow(radius: 4).color { o["color"] = .string(s.color.jsonHex) }
            if s.radius != 4 { o["radius"] = .number(s.radius) }
            if s.offset.x != 0 { o["x"] = .number(s.offset.x) }
            if s.offset.y != 0 { o["y"] = .number(s.offset.y) }
            return ["shadow": .object(o)]
        case .opacity(let v):
            return ["opacity": .number(v)]
        case .clipped:
            return ["clipped": .bool(true)]
        case .arrow(let a):
            func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
            return ["arrow": .object(["side": .string("\(a.side)"), "start": point(a.baseStart), "tip": point(a.tip), "end": point(a.baseEnd)])]
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension Alignment {
    /// The name used in view-tree JSON (`topLeading`, `center`, …).
    public var jsonName: String { ViewJSONDecoder.alignments.first { $0.alignment == self }!.name }
}

extension Color {
    /// `#RRGGBBAA`, each channel rounded to 8 bits.
    public var jsonHex: String {
        func byte(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}

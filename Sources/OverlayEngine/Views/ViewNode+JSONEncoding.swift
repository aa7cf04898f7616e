// Writing a view tree as JSON (schema in docs/VIEWS.md); decoding the output gives the same tree.

extension ViewNode {
    /// The tree as JSON text (keys sorted, no spaces).
    public var json: String { jsonValue.serialized }

    /// The tree as a JSON value.
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = [:]
        if let id { o["id"] = .string(id) }
        if !modifiers.isEmpty { o["modifiers"] = .array(modifiers.map(\.jsonValue)) }
        let kids = JSONValue.array(children.map(\.jsonValue))
        switch kind {
        case .vstack(let spacing, let alignment):
            o["type"] = "vstack"; o["spacing"] = .number(spacing); o["alignment"] = .string(alignment.rawValue); o["children"] = kids
        case .hstack(let spacing, let alignment):
            o["type"] = "hstack"; o["spacing"] = .number(spacing); o["alignment"] = .string(alignment.rawValue); o["children"] = kids
        case .zstack(let alignment):
            o["type"] = "zstack"; o["alignment"] = .string(alignment.jsonName); o["children"] = kids
        case .grid(let columns, let spacing, let rowSpacing):
            o["type"] = "grid"; o["spacing"] = .number(spacing); o["rowSpacing"] = .number(rowSpacing); o["children"] = kids
            o["columns"] = .array(columns.map { if case .fixed(let w) = $0 { .number(w) } else { "flexible" } })
        case .spacer(let minLength):
            o["type"] = "spacer"; o["minLength"] = .number(minLength)
        case .divider:
            o["type"] = "divider"
        case .text(let t):
            o["type"] = "text"; o["text"] = .string(t.markup)
            o["font"] = t.font.jsonValue
            if let color = t.color { o["color"] = .string(color.jsonHex) }
            if let limit = t.lineLimit { o["lineLimit"] = .number(Double(limit)) }
            o["wraps"] = .bool(t.wraps); o["truncation"] = .string(t.truncation.rawValue)
            if let link = t.linkColor { o["linkColor"] = .string(link.jsonHex) }
            if let height = t.imageMaxHeight { o["imageMaxHeight"] = .number(height) }
            if t.fillsWidth { o["fillsWidth"] = .bool(true) }
            if t.centersLines { o["centered"] = .bool(true) }
        case .symbol(let symbol):
            o["type"] = "symbol"; o["name"] = .string(symbol.name.rawValue); o["size"] = .number(symbol.size)
            if let color = symbol.color { o["color"] = .string(color.jsonHex) }
        case .image(let image):
            o["type"] = "image"; o["contentMode"] = .string(image.contentMode.rawValue)
            if let size = image.size { o["size"] = .object(["width": .number(size.width), "height": .number(size.height)]) }
            switch image.source {
            case .file(let path): o["file"] = .string(path)
            case .icon(let name): o["icon"] = .string(name)
            case .pixels(let w, let h, let rgba):
                o["pixels"] = .object(["width": .number(Double(w)), "height": .number(Double(h)), "rgba": .string(Base64.encode(rgba))])
            }
        case .progressBar(let value, let total):
            o["type"] = "progressBar"; o["value"] = .number(value); o["total"] = .number(total)
        case .button(let action, let style):
            o["type"] = "button"; o["action"] = .string(action); o["style"] = .string(style.rawValue)
            o["children"] = nil
            o["label"] = children.first?.jsonValue
        case .toggle(let isOn, let action):
            o["type"] = "toggle"; o["isOn"] = .bool(isOn); o["action"] = .string(action)
        case .slider(let value, let range, let step, let action):
            o["type"] = "slider"; o["value"] = .number(value); o["min"] = .number(range.lowerBound)
            o["max"] = .number(range.upperBound); o["step"] = .number(step); o["action"] = .string(action)
        case .textField(let field):
            o["type"] = "textField"; o["placeholder"] = .string(field.placeholder); o["text"] = .string(field.text)
            o["submitAction"] = .string(field.submitAction); o["font"] = field.font.jsonValue
            if field.minHeight > 0 { o["minHeight"] = .number(field.minHeight) }
            if field.rightToLeft { o["rightToLeft"] = .bool(true) }
        }
        return .object(o)
    }
}

extension FontSpec {
    /// `{"size", "weight", "family"}` as a node's `font`.
    var jsonValue: JSONValue {
        var font: [String: JSONValue] = ["size": .number(size), "weight": .string(weight.rawValue)]
        if let family { font["family"] = .string(family) }
        return .object(font)
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
            var o: [String: JSONValue] = ["alignment": .string(f.alignment.jsonName)]
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
            return ["border": .object(["color": .string(c.jsonHex), "width": .number(width)])]
        case .shadow(let s):
            return ["shadow": .object(["color": .string(s.color.jsonHex), "radius": .number(s.radius),
                                       "x": .number(s.offset.x), "y": .number(s.offset.y)])]
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

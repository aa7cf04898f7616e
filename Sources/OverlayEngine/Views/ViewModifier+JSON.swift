// Modifiers, colours, sizes and alignments in view-tree JSON.

extension ViewJSONDecoder {
    /// One modifier: an object with exactly one key naming it.
    func modifier(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> ViewModifier {
        guard case .object(let members) = value, members.count == 1, let (name, body) = members.first else {
            throw ViewDecodingError(path: path, message: "expected an object with one key naming the modifier")
        }
        let at = path.key(name)
        let length = 0...limits.maxLength
        switch name {
        case "padding":
            if case .number = body { let v = try number(body, at, length); return .padding(EdgeInsets(all: v)) }
            var f = try JSONFields(body, at)
            let insets = EdgeInsets(top: try f.number("top", in: length, default: 0), leading: try f.number("leading", in: length, default: 0),
                                    bottom: try f.number("bottom", in: length, default: 0), trailing: try f.number("trailing", in: length, default: 0))
            try f.finish()
            return .padding(insets)
        case "frame":
            return .frame(try frame(body, at))
        case "background":
            return .background(try fill(body, at))
        case "cornerRadius":
            return .cornerRadius(try number(body, at, length))
        case "border":
            var f = try JSONFields(body, at)
            guard let c = try color(&f, "color") else { throw ViewDecodingError(path: f.path("color"), message: "missing (expected a colour)") }
            let width = try f.number("width", in: length, default: 1)
            try f.finish()
            return .border(c, width: width)
        case "shadow":
            var f = try JSONFields(body, at)
            var shadow = Shadow(radius: try f.number("radius", in: 0...limits.maxShadowRadius, default: 4))
            if let c = try color(&f, "color") { shadow.color = c }
            let offsets = -Shadow.maximumOffset...Shadow.maximumOffset
            shadow.offset = Point(x: try f.number("x", in: offsets, default: 0), y: try f.number("y", in: offsets, default: 0))
            try f.finish()
            return .shadow(shadow)
        case "opacity":
            return .opacity(try number(body, at, 0...1))
        case "clipped":
            guard case .bool(true) = body else { throw ViewDecodingError(path: at, message: "expected true") }
            return .clipped
        case "arrow":
            var f = try JSONFields(body, at)
            let sideName = try f.requiredString("side")
            guard let side = TipSide.allCases.first(where: { "\($0)" == sideName }) else {
                throw ViewDecodingError(path: f.path("side"), message: "expected \"top\", \"bottom\", \"leading\" or \"trailing\"")
            }
            let arrow = CalloutArrow(side: side, baseStart: try point(&f, "start"), tip: try point(&f, "tip"), baseEnd: try point(&f, "end"))
            try f.finish()
            return .arrow(arrow)
        default:
            throw ViewDecodingError(path: at, message: "unknown modifier")
        }
    }

    func number(_ value: JSONValue, _ path: @autoclosure () -> JSONPath, _ range: ClosedRange<Double>) throws(ViewDecodingError) -> Double {
        guard case .number(let n) = value else { throw ViewDecodingError(path: path(), message: "expected a number") }
        guard range.contains(n) else {
            throw ViewDecodingError(path: path(), message: "expected a number from \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound))")
        }
        return n
    }

    private func frame(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> FrameSpec {
        var f = try JSONFields(value, path)
        let length = 0...limits.maxLength
        var spec = FrameSpec()
        spec.width = try f.number("width").map { v throws(ViewDecodingError) in try number(.number(v), f.path("width"), length) }
        spec.height = try f.number("height").map { v throws(ViewDecodingError) in try number(.number(v), f.path("height"), length) }
        spec.minWidth = try f.number("minWidth").map { v throws(ViewDecodingError) in try number(.number(v), f.path("minWidth"), length) }
        spec.idealWidth = try f.number("idealWidth").map { v throws(ViewDecodingError) in try number(.number(v), f.path("idealWidth"), length) }
        spec.minHeight = try f.number("minHeight").map { v throws(ViewDecodingError) in try number(.number(v), f.path("minHeight"), length) }
        spec.idealHeight = try f.number("idealHeight").map { v throws(ViewDecodingError) in try number(.number(v), f.path("idealHeight"), length) }
        spec.maxWidth = try maximum(&f, "maxWidth")
        spec.maxHeight = try maximum(&f, "maxHeight")
        spec.alignment = try alignment(&f, "alignment")
        if let lo = spec.minWidth, let hi = spec.maxWidth, lo > hi {
            throw ViewDecodingError(path: f.path("maxWidth"), message: "must not be less than minWidth")
        }
        if let lo = spec.minHeight, let hi = spec.maxHeight, lo > hi {
            throw ViewDecodingError(path: f.path("maxHeight"), message: "must not be less than minHeight")
        }
        try f.finish()
        return spec
    }

    /// A maximum length: a number or "infinity".
    private func maximum(_ f: inout JSONFields, _ key: String) throws(ViewDecodingError) -> Double? {
        guard let v = f.value(key) else { return nil }
        if case .string("infinity") = v { return .infinity }
        guard case .number(let n) = v, (0...limits.maxLength).contains(n) else {
            throw ViewDecodingError(path: f.path(key), message: "expected a number from 0 to \(JSONValue.format(limits.maxLength)) or \"infinity\"")
        }
        return n
    }

    private func fill(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> Fill {
        if case .string(let hex) = value {
            guard let c = Color(hex: hex) else { throw ViewDecodingError(path: path, message: "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\"") }
            return .color(c)
        }
        var f = try JSONFields(value, path)
        let result: Fill
        if f.members["blur"] != nil {
            let name = try f.requiredString("blur")
            guard let material = Self.materials.first(where: { $0.name == name })?.material else {
                throw ViewDecodingError(path: f.path("blur"), message: "expected one of " + Self.materials.map { "\"\($0.name)\"" }.joined(separator: ", "))
            }
            result = try color(&f, "tint").map { .frosted(material, tint: $0) } ?? .blur(material)
        } else if f.members["gradient"] != nil {
            var g = try JSONFields(f.value("gradient")!, f.path("gradient"))
            guard case .array(let items)? = g.value("colors"), (2...16).contains(items.count) else {
                throw ViewDecodingError(path: g.path("colors"), message: "expected an array of 2 to 16 colours")
            }
            var colors: [Color] = []
            for (i, item) in items.enumerated() {
                guard case .string(let hex) = item, let c = Color(hex: hex) else {
                    throw ViewDecodingError(path: g.path("colors").index(i), message: "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\"")
                }
                colors.append(c)
            }
            let start = try unitPoint(&g, "start", default: Point(x: 0.5, y: 0))
            let end = try unitPoint(&g, "end", default: Point(x: 0.5, y: 1))
            try g.finish()
            result = .linearGradient(colors: colors, start: start, end: end)
        } else {
            throw ViewDecodingError(path: path, message: "expected a colour, {\"blur\": …, \"tint\": …} or {\"gradient\": …}")
        }
        try f.finish()
        return result
    }

    /// A point `[x, y]` in points (each within the length cap, either sign).
    private func point(_ f: inout JSONFields, _ key: String) throws(ViewDecodingError) -> Point {
        let range = -limits.maxLength...limits.maxLength
        guard case .array(let xy)? = f.value(key), xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
              range.contains(x), range.contains(y) else {
            throw ViewDecodingError(path: f.path(key), message: "expected [x, y]")
        }
        return Point(x: x, y: y)
    }

    private func unitPoint(_ f: inout JSONFields, _ key: String, default fallback: Point) throws(ViewDecodingError) -> Point {
        guard let v = f.value(key) else { return fallback }
        guard case .array(let xy) = v, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
              (0...1).contains(x), (0...1).contains(y) else {
            throw ViewDecodingError(path: f.path(key), message: "expected [x, y] with both from 0 to 1")
        }
        return Point(x: x, y: y)
    }

    func color(_ f: inout JSONFields, _ key: String) throws(ViewDecodingError) -> Color? {
        guard let hex = try f.string(key) else { return nil }
        guard let c = Color(hex: hex) else { throw ViewDecodingError(path: f.path(key), message: "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\"") }
        return c
    }

    func alignment(_ f: inout JSONFields, _ key: String) throws(ViewDecodingError) -> Alignment {
        guard let name = try f.string(key) else { return .center }
        guard let a = Self.alignments.first(where: { $0.name == name })?.alignment else {
            throw ViewDecodingError(path: f.path(key), message: "expected one of " + Self.alignments.map { "\"\($0.name)\"" }.joined(separator: ", "))
        }
        return a
    }

    func size(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> Size {
        var f = try JSONFields(value, path)
        guard let w = try f.number("width"), let h = try f.number("height") else {
            throw ViewDecodingError(path: path, message: "expected \"width\" and \"height\"")
        }
        let s = Size(width: try number(.number(w), f.path("width"), 0...limits.maxLength),
                     height: try number(.number(h), f.path("height"), 0...limits.maxLength))
        try f.finish()
        return s
    }

    static let alignments: [(name: String, alignment: Alignment)] = [
        ("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing), ("leading", .leading), ("center", .center),
        ("trailing", .trailing), ("bottomLeading", .bottomLeading), ("bottom", .bottom), ("bottomTrailing", .bottomTrailing),
    ]
    static let materials: [(name: String, material: BlurMaterial)] = [
        ("ultraThin", .ultraThin), ("thin", .thin), ("regular", .regular), ("thick", .thick), ("ultraThick", .ultraThick),
    ]
}

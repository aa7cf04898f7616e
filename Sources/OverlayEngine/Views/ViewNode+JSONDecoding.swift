// Reading a view tree from JSON (schema in docs/VIEWS.md), within `ViewLimits`.

extension ViewNode {
    /// Decodes a view tree from JSON text; errors name the JSON path of the bad value.
    public init(json: String, limits: ViewLimits = .standard) throws(ViewDecodingError) {
        guard json.utf8.count <= limits.maxInputBytes else {
            throw ViewDecodingError(path: "$", message: "input is \(json.utf8.count) bytes, more than the limit of \(limits.maxInputBytes)")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(json, maxNesting: limits.maxDepth * 2 + 8) } catch {
            throw ViewDecodingError(path: "$", message: error.description)
        }
        try self.init(jsonValue: value, limits: limits)
    }

    /// Decodes a view tree from a parsed JSON value.
    public init(jsonValue: JSONValue, limits: ViewLimits = .standard) throws(ViewDecodingError) {
        var decoder = ViewJSONDecoder(limits: limits)
        self = try decoder.node(jsonValue, .root, depth: 1)
    }

    /// Throws the error this tree's JSON would be refused with (naming its path) when the tree is
    /// past `limits` or holds a value the schema refuses (a negative length, a number that is not
    /// finite). Trees decoded from JSON were checked; one built in Swift is not checked unless
    /// its program calls this, as it should before showing a tree made from input it does not trust.
    public func check(within limits: ViewLimits = .standard) throws(ViewDecodingError) {
        _ = try ViewNode(jsonValue: jsonValue, limits: limits)
    }
}

/// Where a value sits in the JSON text (`$.children[2].value`), spelled out only for an error.
indirect enum JSONPath: CustomStringConvertible {
    case root
    case key(JSONPath, String)
    case index(JSONPath, Int)

    func key(_ key: String) -> JSONPath { .key(self, key) }
    func index(_ index: Int) -> JSONPath { .index(self, index) }

    var description: String {
        switch self {
        case .root: "$"
        case .key(let parent, let key): "\(parent).\(key)"
        case .index(let parent, let index): "\(parent)[\(index)]"
        }
    }
}

extension ViewDecodingError {
    init(path: JSONPath, message: String) { self.init(path: path.description, message: message) }
}

/// The members of one JSON object, read by key; keys nobody read are an error.
struct JSONFields {
    let members: [String: JSONValue]
    let path: JSONPath
    /// The keys of `members` read so far (an object has a handful: a list beats hashing).
    private(set) var read: [String] = []

    init(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) {
        guard case .object(let members) = value else { throw ViewDecodingError(path: path, message: "expected an object") }
        self.members = members; self.path = path
    }

    func path(_ key: String) -> JSONPath { path.key(key) }

    mutating func value(_ key: String) -> JSONValue? {
        guard let value = members[key] else { return nil }
        if !read.contains(key) { read.append(key) }
        return value
    }

    mutating func number(_ key: String) throws(ViewDecodingError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v else { throw ViewDecodingError(path: path(key), message: "expected a number") }
        return n
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws(ViewDecodingError) -> Double {
        guard let n = try number(key) else { return fallback }
        guard range.contains(n) else {
            throw ViewDecodingError(path: path(key), message: "expected a number from \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound))")
        }
        return n
    }

    mutating func string(_ key: String) throws(ViewDecodingError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw ViewDecodingError(path: path(key), message: "expected a string") }
        return s
    }

    mutating func requiredString(_ key: String) throws(ViewDecodingError) -> String {
        guard let s = try string(key) else { throw ViewDecodingError(path: path(key), message: "missing (expected a string)") }
        return s
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(ViewDecodingError) -> Bool {
        guard let v = value(key) else { return fallback }
        guard case .bool(let b) = v else { throw ViewDecodingError(path: path(key), message: "expected true or false") }
        return b
    }

    /// A string naming one case of `T`.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(ViewDecodingError) -> T
    where T.RawValue == String {
        guard let s = try string(key) else { return fallback }
        guard let v = T(rawValue: s) else {
            throw ViewDecodingError(path: path(key), message: "expected one of " + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        return v
    }

    /// Throws for the first (alphabetically) key that was never read.
    func finish() throws(ViewDecodingError) {
        guard read.count < members.count else { return }
        if let unknown = members.keys.filter({ !read.contains($0) }).sorted().first {
            throw ViewDecodingError(path: path(unknown), message: "unknown key")
        }
    }
}

struct ViewJSONDecoder {
    let limits: ViewLimits
    var nodes = 0, textBytes = 0, pixels = 0, modifiers = 0, shadows = 0

    init(limits: ViewLimits) { self.limits = limits }

    mutating func node(_ value: JSONValue, _ path: JSONPath, depth: Int) throws(ViewDecodingError) -> ViewNode {
        guard depth <= limits.maxDepth else {
            throw ViewDecodingError(path: path, message: "nested deeper than the limit of \(limits.maxDepth) views")
        }
        nodes += 1
        guard nodes <= limits.maxNodes else {
            throw ViewDecodingError(path: path, message: "more than the limit of \(limits.maxNodes) views")
        }
        var f = try JSONFields(value, path)
        let type = try f.requiredString("type")
        var node = ViewNode(.divider)
        if let id = try f.string("id") { node.id = try text(id, f.path("id")) }
        let length = 0...limits.maxLength
        switch type {
        case "vstack":
            node.kind = .vstack(spacing: try f.number("spacing", in: length, default: 8),
                                alignment: try f.choice("alignment", default: .center))
            node.children = try children(&f, depth)
        case "hstack":
            node.kind = .hstack(spacing: try f.number("spacing", in: length, default: 8),
                                alignment: try f.choice("alignment", default: .center))
            node.children = try children(&f, depth)
        case "zstack":
            node.kind = .zstack(alignment: try alignment(&f, "alignment"))
            node.children = try children(&f, depth)
        case "grid":
            node.kind = .grid(columns: try columns(&f), spacing: try f.number("spacing", in: length, default: 8),
                              rowSpacing: try f.number("rowSpacing", in: length, default: 8))
            node.children = try children(&f, depth)
        case "spacer": node.kind = .spacer(minLength: try f.number("minLength", in: length, default: 0))
        case "divider": node.kind = .divider
        case "text": node.kind = .text(try textContent(&f))
        case "image": node.kind = .image(try image(&f))
        case "symbol":
            node.kind = .symbol(SymbolContent(try f.choice("name", default: SymbolName.close),
                                              size: try f.number("size", in: length, default: 16), color: try color(&f, "color")))
        case "progressBar":
            node.kind = .progressBar(value: try f.number("value", in: 0...1e9, default: 0),
                                     total: try f.number("total", in: 1e-9...1e9, default: 1))
        case "button":
            node.kind = .button(action: try text(try f.requiredString("action"), f.path("action")),
                                style: try f.choice("style", default: .bordered))
            if let label = f.value("label") { node.children = [try self.node(label, f.path("label"), depth: depth + 1)] }
        case "toggle":
            node.kind = .toggle(isOn: try f.bool("isOn", default: false), action: try text(try f.requiredString("action"), f.path("action")))
        case "slider":
            let lower = try f.number("min", in: -1e9...1e9, default: 0)
            let upper = try f.number("max", in: -1e9...1e9, default: 1)
            guard lower <= upper else { throw ViewDecodingError(path: f.path("max"), message: "must not be less than min") }
            node.kind = .slider(value: try f.number("value", in: lower...upper, default: lower), range: lower...upper,
                                step: try f.number("step", in: 0...(upper - lower), default: 0),
                                action: try text(try f.requiredString("action"), f.path("action")))
        case "textField":
            var field = TextFieldContent(placeholder: try text(try f.string("placeholder") ?? "", f.path("placeholder")),
                                         text: try text(try f.string("text") ?? "", f.path("text")),
                                         submitAction: try text(try f.requiredString("submitAction"), f.path("submitAction")))
            if let font = f.value("font") { field.font = try self.font(font, f.path("font")) }
            field.minHeight = try f.number("minHeight", in: length, default: 0)
            field.rightToLeft = try f.bool("rightToLeft", default: false)
            node.kind = .textField(field)
        default:
            throw ViewDecodingError(path: f.path("type"), message: "unknown view type \"\(type)\"")
        }
        if let list = f.value("modifiers") {
            guard case .array(let items) = list else { throw ViewDecodingError(path: f.path("modifiers"), message: "expected an array") }
            guard items.count <= limits.maxModifiersPerView else {
                throw ViewDecodingError(path: f.path("modifiers"), message: "more than the limit of \(limits.maxModifiersPerView) modifiers on one view")
            }
            modifiers += items.count
            guard modifiers <= limits.maxModifiers else {
                throw ViewDecodingError(path: f.path("modifiers"), message: "more than the limit of \(limits.maxModifiers) modifiers in the tree")
            }
            for (i, item) in items.enumerated() {
                let modifier = try modifier(item, f.path("modifiers").index(i))
                if case .shadow = modifier {
                    shadows += 1
                    guard shadows <= limits.maxShadows else {
                        throw ViewDecodingError(path: f.path("modifiers").index(i), message: "more than the limit of \(limits.maxShadows) shadows in the tree")
                    }
                }
                node.modifiers.append(modifier)
            }
        }
        try f.finish()
        return node
    }

    private mutating func children(_ f: inout JSONFields, _ depth: Int) throws(ViewDecodingError) -> [ViewNode] {
        guard let list = f.value("children") else { return [] }
        guard case .array(let items) = list else { throw ViewDecodingError(path: f.path("children"), message: "expected an array") }
        var result: [ViewNode] = []
        for (i, item) in items.enumerated() { result.append(try node(item, f.path("children").index(i), depth: depth + 1)) }
        return result
    }

    /// Counts `s` against the text cap.
    mutating func text(_ s: String, _ path: @autoclosure () -> JSONPath) throws(ViewDecodingError) -> String {
        textBytes += s.utf8.count
        guard textBytes <= limits.maxTextBytes else {
            throw ViewDecodingError(path: path(), message: "text beyond the limit of \(limits.maxTextBytes) bytes in all")
        }
        return s
    }

    private func columns(_ f: inout JSONFields) throws(ViewDecodingError) -> [GridColumn] {
        guard let list = f.value("columns") else { return [.flexible] }
        guard case .array(let items) = list, !items.isEmpty, items.count <= limits.maxNodes else {
            throw ViewDecodingError(path: f.path("columns"), message: "expected a non-empty array")
        }
        var result: [GridColumn] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .string("flexible"): result.append(.flexible)
            case .number(let w) where (0...limits.maxLength).contains(w): result.append(.fixed(w))
            default: throw ViewDecodingError(path: f.path("columns").index(i), message: "expected \"flexible\" or a width in points")
            }
        }
        return result
    }

    private mutating func textContent(_ f: inout JSONFields) throws(ViewDecodingError) -> TextContent {
        var content = TextContent(try text(try f.requiredString("text"), f.path("text")))
        if let font = f.value("font") { content.font = try self.font(font, f.path("font")) }
        content.color = try color(&f, "color")
        if let limit = try f.number("lineLimit") {
            guard limit == limit.rounded(), (1...1000).contains(limit) else {
                throw ViewDecodingError(path: f.path("lineLimit"), message: "expected a whole number from 1 to 1000")
            }
            content.lineLimit = Int(limit)
        }
        content.wraps = try f.bool("wraps", default: true)
        content.truncation = try f.choice("truncation", default: .end)
        content.linkColor = try color(&f, "linkColor")
        if let height = try f.number("imageMaxHeight") {
            guard (1...limits.maxLength).contains(height) else {
                throw ViewDecodingError(path: f.path("imageMaxHeight"), message: "expected a length from 1 to \(Int(limits.maxLength))")
            }
            content.imageMaxHeight = height
        }
        content.fillsWidth = try f.bool("fillsWidth", default: false)
        content.centersLines = try f.bool("centered", default: false)
        return content
    }

    /// `{"family", "size" (13), "weight" (regular)}`.
    private mutating func font(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> FontSpec {
        var ff = try JSONFields(value, path)
        var font = FontSpec()
        if let family = try ff.string("family") { font.family = try text(family, ff.path("family")) }
        font.size = try ff.number("size", in: 1...1000, default: 13)
        font.weight = try ff.choice("weight", default: .regular)
        try ff.finish()
        return font
    }

    private mutating func image(_ f: inout JSONFields) throws(ViewDecodingError) -> ImageContent {
        let file = try f.string("file"), icon = try f.string("icon"), pixels = f.value("pixels")
        guard [file != nil, icon != nil, pixels != nil].filter({ $0 }).count == 1 else {
            throw ViewDecodingError(path: f.path, message: "expected exactly one of \"file\", \"icon\" or \"pixels\"")
        }
        let source: ViewImageSource
        if let file { source = .file(try text(file, f.path("file"))) }
        else if let icon { source = .icon(try text(icon, f.path("icon"))) }
        else { source = try pixelSource(pixels!, f.path("pixels")) }
        var content = ImageContent(source, contentMode: try f.choice("contentMode", default: .fit))
        if let size = f.value("size") { content.size = try self.size(size, f.path("size")) }
        content.tint = try color(&f, "tint")
        return content
    }

    private mutating func pixelSource(_ value: JSONValue, _ path: JSONPath) throws(ViewDecodingError) -> ViewImageSource {
        var f = try JSONFields(value, path)
        let side = 1...Double(limits.maxImagePixels)
        guard let w = try f.number("width"), let h = try f.number("height"), side.contains(w), side.contains(h),
              w == w.rounded(), h == h.rounded() else {
            throw ViewDecodingError(path: path, message: "expected whole \"width\" and \"height\" from 1 to \(limits.maxImagePixels)")
        }
        pixels += Int(w) * Int(h)
        guard pixels <= limits.maxImagePixels else {
            throw ViewDecodingError(path: path, message: "images beyond the limit of \(limits.maxImagePixels) pixels in all")
        }
        guard let bytes = Base64.decode(try f.requiredString("rgba")) else {
            throw ViewDecodingError(path: f.path("rgba"), message: "expected base64")
        }
        guard bytes.count == Int(w) * Int(h) * 4 else {
            throw ViewDecodingError(path: f.path("rgba"), message: "expected \(Int(w) * Int(h) * 4) bytes (width × height × 4), got \(bytes.count)")
        }
        try f.finish()
        return .pixels(width: Int(w), height: Int(h), rgba: bytes)
    }
}

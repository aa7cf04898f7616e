import FoundationEssentials  // JSONDecoder and FileManager, without ICU
import OverlayEngine

/// A scene for `overlay-wl render` and the golden-image tests, as JSON:
///
/// ```json
/// { "size": [480, 200], "scale": 1, "wallpaper": "desktop", "time": 1,
///   "containers": [{ "name": "toasts", "displayType": "vertical", "queueType": "multiple",
///                    "insets": [12, 12, 12, 12], "defaults": { "alignment": "topTrailing" } }],
///   "views": [{ "container": "toasts", "at": 0, "summary": "Hello", "body": "<b>World</b>",
///               "settings": { "shadow": { "radius": 16, "offset": [0, 4] } } }] }
/// ```
///
/// Every field but `views` and `containers` is optional. Alignments, transitions and animations
/// are written as in the config file (docs/CONFIG.md): "top-trailing", "opacity+move-trailing",
/// "scale:0.8:bottom", "offset:0,20", "ease-out:0.3", "spring:0.4:0.8". The older scene spellings
/// ("topTrailing", "move(top)", "scale(0.8, bottom)", "offset(0, 20)", "easeOut(0.3)",
/// "spring(0.4, 0.8)") are still read.
///
/// A view with a `view` is a view tree (docs/VIEWS.md) drawn at its ideal size:
/// `{ "container": "toasts", "view": {"type": "text", "text": "Hi", "modifiers": [{"padding": 8}]} }`.
///
/// A toast with a `template` ("default", "compact", "hero") is drawn through that built-in
/// notification template (docs/VIEWS.md); its `image` fills the `{image}` slot.
///
/// A view with a `tip` is a help tip (a callout, drawn like the daemon's `tips` container) instead
/// of a toast; give it a "stacking" container. `target` is a point `[x, y]` or a rectangle
/// `[x, y, w, h]` in scene coordinates; `sides` the order to try (default top, bottom, leading,
/// trailing; the first with room wins); `markTarget` draws the target under it; `usableInsets`
/// `[top, leading, bottom, trailing]` are taken off the container's frame before placing (an
/// exclusive zone, e.g. a bar):
///
/// ```json
/// { "container": "tips", "tip": { "target": [240, 20], "sides": ["top", "bottom"],
///   "title": "New", "body": "Press Super+Tab", "usableInsets": [30, 0, 0, 0] } }
/// ```
public struct SceneFile: Decodable {
    /// Logical size of the picture (points); default 480×240.
    public var size: [Double]?
    public var scale: Double?
    /// The time rendered when none is given on the command line (seconds).
    public var time: Double?
    /// The span a `--frames` contact sheet covers, [from, to] seconds; default [0, 1].
    public var span: [Double]?
    /// What is under the containers: "desktop" (default), "none", "#RRGGBB", "gradient(#a, #b)",
    /// "pattern:checker", or an image file.
    public var wallpaper: String?
    /// Icon theme for themed icons (default: the system's Adwaita → hicolor) and extra theme
    /// search folders, relative to the scene file (searched before the system's).
    public var iconTheme: String?
    public var iconPaths: [String]?
    public var containers: [ContainerSpec]
    public var views: [ViewSpec]

    public static func load(path: String) throws -> SceneFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw SceneError.unreadable(path) }
        return try decode(data, source: path)
    }

    /// A scene from its JSON; `source` names it in errors.
    public static func decode(_ data: Data, source: String) throws -> SceneFile {
        do {
            return try JSONDecoder().decode(SceneFile.self, from: data)
        } catch let error as DecodingError {
            throw SceneError.invalid(source, describe(error))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            let path = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "\(path.isEmpty ? "" : path + ": ")\(c.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

public struct ContainerSpec: Decodable {
    public var name: String
    /// "stacking", "horizontal" (row) or "vertical" (column, default).
    public var displayType: String?
    /// "multiple" (default), "oneByOne", "oneByOneWaitFinish".
    public var queueType: String?
    /// [x, y, width, height] within the picture; default the whole picture.
    public var frame: [Double]?
    public var spacing: Double?
    /// [top, leading, bottom, trailing] or one number for all.
    public var insets: [Double]?
    public var maximumVisible: Int?
    public var delayForShowingNext: Double?
    /// Views with the same `group` stack into one card once this many show.
    public var groupThreshold: Int?
    public var clipped: Bool?
    /// "newestOnTop" (default) or "oldestOnTop".
    public var displayOrder: String?
    public var defaults: SettingsSpec?
}

public struct ViewSpec: Decodable {
    public var container: String
    /// When the view is shown (seconds); default 0.
    public var at: Double?
    /// When it is dismissed; default never.
    public var dismissAt: Double?
    public var summary: String?
    public var body: String?
    /// The sending app's name, which a stacked group's header shows; default "scene".
    public var appName: String?
    /// Group key: views with the same one stack in a container with a `groupThreshold`.
    public var group: String?
    public var progress: Int?
    /// "quiet", "normal" (default) or "urgent": a notification's urgency as the toast shows it.
    public var emphasis: String?
    /// [[key, label], …]
    public var actions: [[String]]?
    public var icon: IconSpec?
    public var settings: SettingsSpec?
    public var style: StyleSpec?
    /// A help tip instead of a toast (`summary`/`body` are its title/body when it has none).
    public var tip: TipSpec?
    /// A view tree instead of a toast, in the JSON form of docs/VIEWS.md (image files relative
    /// to the scene file).
    public var view: SceneJSON?
    /// The toast drawn through a built-in notification template ("default", "compact", "hero").
    public var template: String?
    /// The notification's image for a template's `{image}` slot (as `icon`).
    public var image: IconSpec?
}

/// Any JSON value, kept as the engine's `JSONValue` (a view tree is decoded from it).
public struct SceneJSON: Decodable {
    public var value: JSONValue

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { value = .null; return }
        if let b = try? single.decode(Bool.self) { value = .bool(b); return }
        if let n = try? single.decode(Double.self) { value = .number(n); return }
        if let s = try? single.decode(String.self) { value = .string(s); return }
        if let a = try? single.decode([SceneJSON].self) { value = .array(a.map(\.value)); return }
        let o = try single.decode([String: SceneJSON].self)
        value = .object(o.mapValues(\.value))
    }
}

/// A help tip: see `SceneFile`.
public struct TipSpec: Decodable {
    /// `[x, y]` (a point) or `[x, y, width, height]`, in scene coordinates.
    public var target: [Double]
    /// "top", "bottom", "leading", "trailing", in the order to try.
    public var sides: [String]?
    public var title: String?
    public var body: String?
    /// `[top, leading, bottom, trailing]` or one number: off the container's frame for placement.
    public var usableInsets: [Double]?
    /// Draws the target (red outline inside a rectangle, a cross on a point) under the tip.
    public var markTarget: Bool?
}

/// One of: `{"file": "path"}` (relative to the scene file), `{"themed": "name"}`,
/// `{"raw": {"width": 32, "height": 32, "hasAlpha": true}}` (a generated test gradient, or
/// explicit "rowstride"/"channels"/"length" to describe bad data).
public struct IconSpec: Decodable {
    public var file: String?
    public var themed: String?
    public var raw: RawSpec?
}

public struct RawSpec: Decodable {
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool?
    public var rowstride: Int?
    public var channels: Int?
    public var length: Int?
}

/// A view's (or a container's default) settings; nil fields inherit.
public struct SettingsSpec: Decodable {
    public var alignment: String?
    public var tapToDismiss: Bool?
    /// {"color": "#00000066"} | {"blur": "thin"} | {"custom": "pattern:checker"} | {"disabled": true}
    public var background: BackgroundSpec?
    /// "opacity" or "identity".
    public var backgroundTransition: String?
    /// The toast card frosted: "none" or a blur material ("thin", "regular", …).
    public var toastMaterial: String?
    public var shadow: ShadowSpec?
    public var transition: String?
    public var animation: String?
    public var autoDismiss: Double?
}

public struct BackgroundSpec: Decodable {
    public var color: String?
    public var blur: String?
    public var custom: String?
    public var disabled: Bool?
}

public struct ShadowSpec: Decodable {
    public var color: String?
    public var radius: Double
    public var offset: [Double]?
    public var disabled: Bool?
}

/// Overrides of `ToastStyle` (colours as "#RRGGBB" or "#RRGGBBAA").
public struct StyleSpec: Decodable {
    /// A built-in theme to start from: "dark" (the default), "light", "high-contrast-dark",
    /// "high-contrast-light"; the other fields override it.
    public var theme: String?
    public var width: Double?
    public var padding: Double?
    public var cornerRadius: Double?
    public var borderWidth: Double?
    public var background: String?
    public var gradient: String?
    public var border: String?
    public var font: String?
    public var summaryFont: String?
    public var bodyMaxLines: Int?
    public var closeButton: Bool?
    public var iconSize: Double?
}

public enum SceneError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String, String)
    case badValue(field: String, value: String)
    case unknownContainer(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read scene file \(path)"
        case .invalid(let path, let why): "\(path): \(why)"
        case .badValue(let field, let value): "\(field): cannot understand \"\(value)\""
        case .unknownContainer(let name): "a view names container \"\(name)\", which the scene does not declare"
        }
    }
}

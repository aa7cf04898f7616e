import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// The notification templates in force: the built-ins and the config's `[templates.NAME]`, each
/// read once when the config is applied. A template that cannot be read is logged (its file and
/// the JSON path) and left out: notifications that choose it are drawn through `default`.
struct TemplateLibrary {
    private var declared: [String: NotificationTemplate] = [:]
    /// Why each broken template was left out, by name.
    private(set) var problems: [String: String] = [:]

    init() {}

    /// Reads `specs`; relative files are resolved against the folder of `configPath`.
    init(_ specs: [TemplateSpec], configPath: String?) {
        let folder = configPath.flatMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } } ?? "."
        for spec in specs {
            let source: String
            let text: String
            do {
                switch spec.source {
                case .inline(let json):
                    source = "(inline view)"
                    text = json
                case .file(let path):
                    source = path.hasPrefix("/") ? path : folder + "/" + path
                    text = try readTextFile(source)
                }
            } catch {
                problems[spec.name] = "\(error)"
                continue
            }
            do {
                declared[spec.name] = try NotificationTemplate(name: spec.name, json: text)
            } catch {
                problems[spec.name] = "\(source): \(error)"
            }
        }
        for (name, problem) in problems.sorted(by: { $0.key < $1.key }) {
            log("template '\(name)' not used (its notifications show through 'default'): \(problem)")
        }
    }

    /// The template named `name`: a built-in or a declared one; nil when it is broken or unknown.
    func template(named name: String) -> NotificationTemplate? {
        declared[name] ?? BuiltInTemplates.template(named: name)
    }
}

extension NotificationRecord {
    /// The notification's own picture for a template's `{image}`: `image-data`, else `image-path`
    /// (the app icon is `{icon}` only).
    var image: ImageSource? {
        if let image = request.imageData {
            return .raw(RawImage(width: image.width, height: image.height, rowstride: image.rowstride,
                                 hasAlpha: image.hasAlpha, channels: image.channels, bytes: image.data))
        }
        return request.imagePath.flatMap(ImageSource.init(notificationIcon:))
    }
}

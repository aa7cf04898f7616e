/// What a toast shows as its icon or image.
public enum ImageSource: Equatable, Sendable {
    /// A file: PNG, JPEG (and what else gdk-pixbuf reads) or SVG/SVGZ. `file://` URIs are accepted.
    case file(String)
    /// A freedesktop icon-theme name ("dialog-information"), looked up through the theme.
    case themed(String)
    /// Raw pixels (the `image-data` hint).
    case raw(RawImage)

    /// Interprets a notification's `app_icon` / `image-path`: a path or file:// URI is a file,
    /// anything else an icon name. Nil for an empty string.
    public init?(notificationIcon value: String) {
        guard !value.isEmpty else { return nil }
        if value.hasPrefix("file://") || value.hasPrefix("/") {
            self = .file(value)
        } else {
            self = .themed(value)
        }
    }
}

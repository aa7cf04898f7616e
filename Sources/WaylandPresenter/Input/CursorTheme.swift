import CWayland
import CWaylandCursor
import Glibc

/// Cursor images from the wl_cursor theme ($XCURSOR_THEME / $XCURSOR_SIZE, else libwayland-cursor's
/// built-in one), shown on one cursor surface shared by every pointer over our surfaces.
/// The fallback where the compositor offers no cursor-shape-v1 (see `CursorSource`).
final class CursorTheme {
    private let theme: OpaquePointer
    private let surface: OpaquePointer
    private let scale: Int32
    /// Buffer and hotspot (surface units) of each shape the theme has.
    private var images: [CursorShape: (buffer: OpaquePointer, x: Int32, y: Int32)] = [:]

    /// Nil when no theme (not even the built-in) loads.
    init?(display: WaylandDisplay) {
        let scale = max(1, display.outputs.map(\.scale).max() ?? 1)
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        guard let theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size * scale, display.shm) else { return nil }
        self.theme = theme
        self.scale = scale
        surface = wl_compositor_create_surface(display.compositor)
        for shape in CursorShape.allCases {
            for name in shape.themeNames {
                guard let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
                      let image = cursor.pointee.images[0], let buffer = wl_cursor_image_get_buffer(image) else { continue }
                images[shape] = (buffer, Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
                break
            }
        }
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }

    /// Shows `shape` for `pointer` (needs the serial of the pointer's latest enter).
    func show(_ shape: CursorShape, on pointer: PointerDevice) {
        guard let image = images[shape] ?? images[.arrow] else { return }
        wl_pointer_set_cursor(pointer.proxy, pointer.enterSerial, surface, image.x, image.y)
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, image.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
    }
}

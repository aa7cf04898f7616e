import OverlayEngine
import CCairo
import CImageCodecs
import Glibc

/// Decoded pixels ready to paint: a premultiplied ARGB32 cairo surface (freed with the object).
public final class LoadedImage {
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int

    init(surface: OpaquePointer) {
        self.surface = surface
        pixelWidth = Int(cairo_image_surface_get_width(surface))
        pixelHeight = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Paints the image scaled to fit (aspect kept) and centred in `box` (user space).
    /// With a `tint`, that colour where the picture is opaque (its alpha a mask), its own colours ignored.
    func paint(_ cr: OpaquePointer, in box: Rect, alpha: Double = 1, tint: Color? = nil) {
        guard pixelWidth > 0, pixelHeight > 0 else { return }
        let k = min(box.width / Double(pixelWidth), box.height / Double(pixelHeight))
        let w = Double(pixelWidth) * k, h = Double(pixelHeight) * k
        cairo_save(cr)
        cairo_translate(cr, box.x + (box.width - w) / 2, box.y + (box.height - h) / 2)
        cairo_scale(cr, k, k)
        cairo_rectangle(cr, 0, 0, Double(pixelWidth), Double(pixelHeight))
        cairo_clip(cr)
        if let tint {
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha * alpha)
            let mask = cairo_pattern_create_for_surface(surface)
            cairo_pattern_set_filter(mask, CAIRO_FILTER_GOOD)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
        } else {
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }
}

/// Why an image was left out: not found, not a file, too large, undecodable, or bad raw pixels.
public enum ImageLoadError: Error, Equatable {
    case notFound(String)
    case notAFile(String)
    case tooLarge(String, width: Int, height: Int)
    case decodeFailed(String, reason: String)
    case invalidRaw(RawImage.ValidationError)
    case themedIconMissing(String)
}

extension ImageLoadError: CustomStringConvertible {
    public var description: String {
        // A path or name quoted, at most 200 characters of it.
        func quoted(_ text: String) -> String {
            text.count <= 200 ? text.debugDescription : String(text.prefix(200)).debugDescription + "…"
        }
        return switch self {
        case .notFound(let path): "\(quoted(path)): no such file (or not a path or file:// URI)"
        case .notAFile(let path): "\(quoted(path)) is not a regular file"
        case .tooLarge(let path, let w, let h):
            w > 0 ? "\(quoted(path)) is too large (\(w)×\(h))" : "\(quoted(path)) is too large"
        case .decodeFailed(let path, let reason): "\(quoted(path)) cannot be decoded: \(reason)"
        case .invalidRaw(let problem): "image-data refused: \(problem)"
        case .themedIconMissing(let name): "icon \(quoted(name)) not found in the icon theme"
        }
    }
}

/// Loads images with hard limits, so hostile input costs little and never crashes:
/// regular files only, at most `maxFileBytes`; raster sizes read from the header first and
/// refused above `RawImage.maxSide`; SVGs rendered straight into the requested box (their own
/// declared size is irrelevant), with librsvg's built-in element/nesting limits left on.
public enum ImageLoader {
    public static let maxFileBytes = 16 << 20
    public static let maxSVGBytes = 2 << 20

    /// Decodes `path` to at most `box`×`box` device pixels (aspect kept; SVGs exactly fill it).
    public static func load(file path: String, box: Int) throws -> LoadedImage {
        let path = path.hasPrefix("file://") ? String(path.dropFirst(7)) : path
        var info = stat()
        guard stat(path, &info) == 0 else { throw ImageLoadError.notFound(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ImageLoadError.notAFile(path) }
        let box = max(1, min(box, RawImage.maxSide))
        if isSVG(path) {
            guard Int(info.st_size) <= maxSVGBytes else { throw ImageLoadError.tooLarge(path, width: 0, height: 0) }
            return try loadSVG(path, box: box)
        }
        guard Int(info.st_size) <= maxFileBytes else { throw ImageLoadError.tooLarge(path, width: 0, height: 0) }
        return try loadRaster(path, box: box)
    }

    /// A raster file's size in pixels from its header (no decoding); nil for SVGs and for files
    /// that cannot be read.
    public static func naturalSize(file path: String) -> (Int, Int)? {
        guard !isSVG(path) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        guard ow_pixbuf_file_info(path, &w, &h) != 0, w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    /// Validates and converts raw pixels (scaling happens when painting).
    public static func load(raw: RawImage) throws -> LoadedImage {
        do { return LoadedImage(surface: try raw.makeSurface()) } catch let error as RawImage.ValidationError {
            throw ImageLoadError.invalidRaw(error)
        }
    }

    static func isSVG(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") || lower.hasSuffix(".svgz") { return true }
        // Sniff extension-less files: an XML or <svg start.
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 256)
        let n = fread(&head, 1, head.count, file)
        let text = String(decoding: head.prefix(n), as: UTF8.self)
        return text.contains("<svg") || (text.hasPrefix("<?xml") && !text.contains("<!DOCTYPE html"))
    }

    private static func loadRaster(_ path: String, box: Int) throws -> LoadedImage {
        var w: Int32 = 0, h: Int32 = 0
        guard ow_pixbuf_file_info(path, &w, &h) != 0, w > 0, h > 0 else {
            throw ImageLoadError.decodeFailed(path, reason: "unrecognised or unreadable image")
        }
        guard Int(w) <= RawImage.maxSide * 4, Int(h) <= RawImage.maxSide * 4 else {
            throw ImageLoadError.tooLarge(path, width: Int(w), height: Int(h))
        }
        let k = min(1, Double(box) / Double(max(w, h)))
        var error: UnsafeMutablePointer<GError>?
        let target = (Int32(max(1, (Double(w) * k).rounded())), Int32(max(1, (Double(h) * k).rounded())))
        // Up to maxSide: a strict full decode (a truncated file is an error, not half a picture),
        // then a good downscale. Larger: decode scaled on load, which bounds the memory.
        let strict = Int(w) <= RawImage.maxSide && Int(h) <= RawImage.maxSide
        let decoded = strict ? ow_pixbuf_new_from_file(path, &error)
                             : ow_pixbuf_new_from_file_at_scale(path, target.0, target.1, 1, &error)
        guard let decoded else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "decode failed"
            if let error { g_error_free(error) }
            throw ImageLoadError.decodeFailed(path, reason: reason)
        }
        if let error { g_error_free(error) }
        var pixbuf = decoded
        if strict, target.0 != w || target.1 != h, let scaled = ow_pixbuf_scale_best(decoded, target.0, target.1) {
            g_object_unref(decoded)
            pixbuf = scaled
        }
        defer { g_object_unref(pixbuf) }
        return try surface(of: pixbuf, path: path)
    }

    private static func surface(of pixbuf: UnsafeMutableRawPointer, path: String) throws -> LoadedImage {
        var p = ow_pixbuf_pixels()
        guard ow_pixbuf_pixels_of(pixbuf, &p) != 0, p.bits_per_sample == 8, let bytes = p.pixels else {
            throw ImageLoadError.decodeFailed(path, reason: "unsupported pixel format")
        }
        let raw = RawImage(width: Int(p.width), height: Int(p.height), rowstride: Int(p.rowstride), hasAlpha: p.has_alpha != 0,
                           channels: Int(p.channels), bytes: Array(UnsafeBufferPointer(start: bytes, count: p.length)))
        return try load(raw: raw)
    }

    private static func loadSVG(_ path: String, box: Int) throws -> LoadedImage {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = ow_rsvg_handle_new_from_file(path, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "not an SVG (or librsvg-2.so.2 is missing)"
            if let error { g_error_free(error) }
            throw ImageLoadError.decodeFailed(path, reason: reason)
        }
        defer { g_object_unref(handle) }
        // Aspect from the intrinsic size when it has one; the box bounds the pixels we render.
        var iw = 0.0, ih = 0.0
        var aspect = 1.0
        if ow_rsvg_handle_get_intrinsic_size_in_pixels(handle, &iw, &ih) != 0, iw > 0, ih > 0, iw.isFinite, ih.isFinite {
            aspect = max(0.05, min(20, iw / ih))
        }
        let pw = aspect >= 1 ? box : max(1, Int((Double(box) * aspect).rounded()))
        let ph = aspect >= 1 ? max(1, Int((Double(box) / aspect).rounded())) : box
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph))!
        let cr = cairo_create(surface)!
        var viewport = ow_rsvg_rectangle(x: 0, y: 0, width: Double(pw), height: Double(ph))
        let ok = ow_rsvg_handle_render_document(handle, cr, &viewport, &error) != 0
        cairo_destroy(cr)
        if !ok {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "render failed"
            if let error { g_error_free(error) }
            cairo_surface_destroy(surface)
            throw ImageLoadError.decodeFailed(path, reason: reason)
        }
        cairo_surface_flush(surface)
        return LoadedImage(surface: surface)
    }
}

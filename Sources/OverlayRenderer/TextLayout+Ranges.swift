import OverlayEngine
import CCairo

/// Where parts of a block's text are drawn (links to hit-test, inline images to paint).
extension TextBlock {
    /// Byte length of the text the layout holds now (after `fit` cut it).
    var textLength: Int { Int(strlen(pango_layout_get_text(layout))) }

    /// The rectangles (one per line and direction run) covering bytes `range` of the laid-out
    /// text, in the block's coordinates; only the first `maxLines` lines (the ones drawn).
    func frames(ofBytes range: Range<Int>) -> [Rect] {
        let start = max(0, range.lowerBound), end = min(range.upperBound, textLength)
        guard start < end, let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        let unit = Double(PANGO_SCALE)
        var frames: [Rect] = []
        var lineNumber = 0
        repeat {
            guard lineNumber < maxLines, let line = pango_layout_iter_get_line_readonly(iter) else { break }
            lineNumber += 1
            let lineStart = Int(line.pointee.start_index), lineEnd = lineStart + Int(line.pointee.length)
            if lineStart >= end { break }
            guard lineEnd > start else { continue }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            var ranges: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(max(start, lineStart)), Int32(min(end, lineEnd)), &ranges, &count)
            if let ranges {
                for k in 0..<Int(count) where ranges[2 * k + 1] > ranges[2 * k] {
                    frames.append(Rect(x: Double(ranges[2 * k]) / unit, y: Double(top) / unit,
                                            width: Double(ranges[2 * k + 1] - ranges[2 * k]) / unit,
                                            height: Double(bottom - top) / unit))
                }
                g_free(ranges)
            }
        } while pango_layout_iter_next_line(iter) != 0
        return frames
    }

    /// The leading x of the character at byte `index` and its line's baseline, in the block's
    /// coordinates; nil when that byte is not shown (cut, or past `maxLines`).
    func origin(ofByte index: Int) -> (x: Double, baseline: Double)? {
        guard index >= 0, index < textLength, let iter = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iter) }
        let unit = Double(PANGO_SCALE)
        var lineNumber = 0
        repeat {
            guard lineNumber < maxLines, let line = pango_layout_iter_get_line_readonly(iter) else { return nil }
            lineNumber += 1
            let lineStart = Int(line.pointee.start_index)
            if index >= lineStart, index < lineStart + Int(line.pointee.length) {
                var position = PangoRectangle()
                pango_layout_index_to_pos(layout, Int32(index), &position)
                let x = min(position.x, position.x + position.width)
                return (Double(x) / unit, Double(pango_layout_iter_get_baseline(iter)) / unit)
            }
        } while pango_layout_iter_next_line(iter) != 0
        return nil
    }
}

extension TextBlock {
    /// Adds a foreground colour over `range` (bytes of the laid-out text) to a parsed attribute list.
    static func colorRange(_ range: Range<Int>, _ color: Color, in list: OpaquePointer) {
        func channel(_ v: Double) -> UInt16 { UInt16(max(0, min(1, v)) * 65535) }
        let attribute = pango_attr_foreground_new(channel(color.r), channel(color.g), channel(color.b))!
        attribute.pointee.start_index = UInt32(range.lowerBound)
        attribute.pointee.end_index = UInt32(range.upperBound)
        pango_attr_list_change(list, attribute)
    }
}

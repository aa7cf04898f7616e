import CWayland
import OverlayEngine

/// The cursor over our surfaces: which shape, and who draws it.
public enum CursorShape: CaseIterable, Sendable {
    case arrow
    /// Over something the left button clicks (an action button, a link).
    case hand
    /// Over a text field (the inline-reply field).
    case text

    /// Over `part` of a view (nil: over no view), when the left button has `leftBinding`:
    /// buttons only click, and so only get the hand, while the left button drives the gesture.
    public static func over(_ part: ClickedPart?, leftBinding: PointerBinding) -> CursorShape {
        guard leftBinding == .gesture else { return .arrow }
        switch part {
        case .action?, .link?, .closeButton?, .overflowIndicator?, .replySubmit?, .viewControl?: return .hand
        case .replyField?: return .text
        case .body?, .reply?, .viewAction?, nil: return .arrow
        }
    }

    /// wp_cursor_shape_device_v1 shapes: `default` and `pointer`.
    public var protocolValue: UInt32 {
        switch self {
        case .arrow: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue
        case .hand: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_POINTER.rawValue
        case .text: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT.rawValue
        }
    }

    /// wl_cursor theme names to try, first match wins.
    public var themeNames: [String] {
        switch self {
        case .arrow: ["default", "left_ptr"]
        case .hand: ["pointer", "hand2", "hand1", "left_ptr"]
        case .text: ["text", "xterm", "left_ptr"]
        }
    }
}

/// Who draws the cursor: the compositor (cursor-shape-v1, in its own theme and size) where it
/// offers wp_cursor_shape_manager_v1, else our wl_cursor theme's buffers.
public enum CursorSource: Equatable, Sendable {
    case shapeProtocol, theme

    public static func choose(shapeManagerOffered: Bool) -> CursorSource {
        shapeManagerOffered ? .shapeProtocol : .theme
    }
}

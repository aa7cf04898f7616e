import OverlayEngine

/// The notification templates that ship inside the binary (no file is read for them):
///
/// - `default`: the toast made of view-tree parts: border, card, the urgent bar down the leading
///   edge, a 48 pt icon beside summary (bold, the style's lines) and body (the style's lines,
///   clickable links, across the column and aligned by its own direction), the close button
///   when the style shows one, the progress bar, one row of equal-width action buttons, and the
///   inline-reply field with its submit button.
/// - `compact`: one line, 32 pt high inside the border: a 20 pt icon, the summary, the body
///   (one line, ellipsized).
/// - `hero`: the notification's image (`image-data` / `image-path`; none: left out) across the
///   top, 332 × 160 pt, cropped to fill, then a larger summary, body, progress and actions.
public enum BuiltInTemplates {
    public static let names = ["default", "compact", "hero"]

    /// The template named `name`, nil for a name that is not built in.
    public static func template(named name: String) -> NotificationTemplate? {
        switch name {
        case "default": standard
        case "compact": compact
        case "hero": hero
        default: nil
        }
    }

    // Each is checked by the golden tests; a mistake here is a programming error.
    public static let standard = try! NotificationTemplate(name: "default", json: defaultJSON)
    public static let compact = try! NotificationTemplate(name: "compact", json: compactJSON)
    public static let hero = try! NotificationTemplate(name: "hero", json: heroJSON)

    /// The border (the style's width and radius), the card inside it (flat, the style's gradient
    /// or, in a `toast-material`, frosted) with the urgent bar down its leading edge, cut to the
    /// card's rounded corners, and `content` over them, `{width}` wide (`content` keeps clear of
    /// the border with a `{borderWidth}` padding of its own). Over a frosted card the border is a
    /// ring (`{ring}`), so that the card does not show it through; otherwise the card covers a
    /// `{border}` background. The card and the bar are as tall as the toast because templates are
    /// laid out twice (`ViewTreeRenderer.layoutTemplate`).
    private static func frame(_ content: String) -> String {
        """
        {"type": "zstack", "alignment": "leading", "children": [
          {"type": "spacer", "modifiers": [{"border": {"color": "{ring}", "width": "{borderWidth}"}}, {"cornerRadius": "{cornerRadius}"}]},
          {"type": "zstack", "alignment": "leading", "children": [
            {"type": "spacer", "modifiers": [{"frame": {"width": 6, "maxHeight": "infinity"}}, {"background": "{urgentBar}"}]}
          ], "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "leading"}}, {"cornerRadius": "{innerRadius}"},
                           {"clipped": true}, {"background": "{background}"}, {"padding": "{borderWidth}"}]},
          \(content)
        ], "modifiers": [{"background": "{border}"}, {"cornerRadius": "{cornerRadius}"}, {"frame": {"width": "{width}"}}]}
        """
    }

    /// One equal-width button per action: its label, or its icon (`action-icons`).
    static let actionsRow = """
        {"type": "hstack", "spacing": 6, "children": [
          {"type": "button", "style": "plain", "action": "{actions}",
           "label": {"type": "zstack", "children": [
             {"type": "text", "text": "{label}", "font": {"size": 11}, "color": "{buttonText}", "lineLimit": 1, "centered": true},
             {"type": "image", "icon": "{actionIcon}", "size": {"width": "{actionIconSize}", "height": "{actionIconSize}"}}
           ], "modifiers": [{"frame": {"minHeight": "{actionLabelHeight}", "alignment": "top"}},
                            {"padding": {"top": 4, "leading": 8, "bottom": 4, "trailing": 8}}, {"frame": {"maxWidth": "infinity"}}]},
           "modifiers": [{"background": "{buttonBackground}"}, {"cornerRadius": 4}]}
        ]}
        """

    /// The inline-reply field (the body's font) and its submit button: its label, or its icon.
    static let replyRow = """
        {"type": "hstack", "spacing": 6, "children": [
          {"type": "textField", "placeholder": "{replyPlaceholder}", "submitAction": "{reply}", "font": {"size": 11},
           "minHeight": "{replyRowHeight}", "modifiers": [{"frame": {"maxWidth": "infinity"}}]},
          {"type": "button", "style": "plain", "action": "{reply}",
           "label": {"type": "zstack", "children": [
             {"type": "text", "text": "{replyLabel}", "font": {"size": 11}, "color": "{buttonText}", "lineLimit": 1},
             {"type": "image", "icon": "{replyIcon}", "size": {"width": "{actionIconSize}", "height": "{actionIconSize}"}}
           ], "modifiers": [{"padding": {"top": 4, "leading": 8, "bottom": 4, "trailing": 8}}]},
           "modifiers": [{"background": "{buttonBackground}"}, {"cornerRadius": 4}]}
        ]}
        """

    static let defaultJSON = frame("""
        {"type": "vstack", "spacing": 8, "alignment": "leading", "children": [
          {"type": "hstack", "spacing": 12, "alignment": "top", "children": [
            {"type": "image", "icon": "{icon}", "size": {"width": 48, "height": 48}},
            {"type": "vstack", "spacing": 4, "alignment": "leading", "children": [
              {"type": "text", "text": "{summary}", "font": {"size": 11, "weight": "bold"}, "color": "{summary}", "lineLimit": "{summaryLines}"},
              {"type": "text", "text": "{body}", "font": {"size": 11}, "color": "{body}", "lineLimit": "{bodyLines}", "linkColor": "{link}",
               "imageMaxHeight": "{bodyImageHeight}", "fillsWidth": true}
            ], "modifiers": [{"frame": {"maxWidth": "infinity", "alignment": "topLeading"}}]},
            {"type": "button", "style": "plain", "action": "{close}",
             "label": {"type": "symbol", "name": "close", "size": "{closeSize}", "color": "{closeButton}"}}
          ]},
          {"type": "progressBar", "value": "{progress}"},
          \(actionsRow),
          \(replyRow)
        ], "modifiers": [{"padding": 12}, {"padding": "{borderWidth}"}]}
        """)

    static let compactJSON = frame("""
        {"type": "hstack", "spacing": 8, "alignment": "center", "children": [
          {"type": "image", "icon": "{icon}", "size": {"width": 20, "height": 20}},
          {"type": "text", "text": "{summary}", "font": {"size": 11, "weight": "bold"}, "color": "{summary}", "wraps": false},
          {"type": "text", "text": "{body}", "font": {"size": 11}, "color": "{body}", "wraps": false,
           "modifiers": [{"frame": {"maxWidth": "infinity", "alignment": "leading"}}]}
        ], "modifiers": [{"frame": {"maxWidth": "infinity", "height": 20, "alignment": "leading"}}, {"padding": {"top": 6, "leading": 12, "bottom": 6, "trailing": 8}}, {"padding": "{borderWidth}"}]}
        """)

    static let heroJSON = frame("""
        {"type": "vstack", "spacing": 8, "alignment": "leading", "children": [
          {"type": "image", "icon": "{image}", "size": {"width": 332, "height": 160}, "contentMode": "fill"},
          {"type": "vstack", "spacing": 4, "alignment": "leading", "children": [
            {"type": "text", "text": "{summary}", "font": {"size": 13, "weight": "bold"}, "color": "{summary}", "lineLimit": 2},
            {"type": "text", "text": "{body}", "font": {"size": 11}, "color": "{body}", "lineLimit": 4}
          ], "modifiers": [{"frame": {"maxWidth": "infinity", "alignment": "topLeading"}}]},
          {"type": "progressBar", "value": "{progress}"},
          \(actionsRow)
        ], "modifiers": [{"padding": 12}, {"padding": "{borderWidth}"}]}
        """)
}

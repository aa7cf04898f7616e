import OverlayEngine

/// One `[containers.NAME]` table.
public struct ContainerSpec: Equatable, Sendable {
    public var configuration: ContainerConfiguration
    public var placement: SurfacePlacement
    /// Set by `drawer = EDGE`: the container is a drawer on that edge.
    public var drawer: DrawerConfiguration?
    /// `view = FILE` (drawers only): the view tree its panel holds, as written in the file.
    public var drawerView: String?
    /// `close-button = true`: its toasts have a close button (a click closes, reason 2).
    public var closeButton = false
    /// `accent = "#RRGGBB"`: the bar down the edge of urgent (critical) toasts.
    public var accent: Color?
    /// `overflow-indicator = false` turns the "+N more" pill off; `indicator-background` and
    /// `indicator-color` colour it.
    public var overflowIndicator = true
    public var indicatorBackground: Color?
    public var indicatorColor: Color?
    /// `follow = "focus"`: on the focused output, the container moves with the focus (where the
    /// compositor reports it; sway). Only for `output = "focused"`.
    public var followsFocus = false
    /// `group-by`: what groups its notifications (GroupSettings.swift); stacking also needs
    /// `group-threshold` (`configuration.groupThreshold`).
    public var groupBy = GroupBy.app
    /// `template = NAME`: its notifications are drawn through that template (a rule's wins).
    public var template: String?
    public init(configuration: ContainerConfiguration, placement: SurfacePlacement) {
        self.configuration = configuration
        self.placement = placement
    }
}

/// `[general]`.
public struct GeneralSettings: Equatable, Sendable {
    /// Seconds a notification stays when the sender leaves it to the server.
    public var defaultTimeout: Double?
    /// Dismissed notifications kept for `overlay-wl history` / `restore`.
    public var historySize = 50
    /// Modes active when the daemon starts.
    public var modes: [String] = []
    /// Critical notifications are never hidden or held by a mode rule.
    public var criticalBypassesModes = true
    /// Runs for a click on a link in a body: argv, the URL appended as one more argument.
    public var linkOpener = ["xdg-open"]
    /// Link schemes that may be opened (lowercase); others are logged and left alone.
    public var linkSchemes = ["http", "https", "mailto"]
    /// `color-scheme`, `contrast`, `reduced-motion`, `icon-theme` (AppearanceSettings.swift).
    public var appearance = AppearanceSettings()
    /// `speak`: which notifications are read aloud (a rule's `speak` overrides it).
    public var speak = SpeakPolicy.none
    /// `accessibility`: notifications on the accessibility bus (AT-SPI) for screen readers.
    public var accessibility = AccessibilityPolicy.auto
    public init() {}
}

/// A whole config file.
public struct OverlayConfiguration {
    public var general = GeneralSettings()
    /// In file order.
    public var containers: [ContainerSpec] = []
    /// In file order; the last match wins.
    public var rules: [Rule] = []
    /// `[hooks]`: commands (argv, never a shell line) by name. `sound` runs for sound hints;
    /// other names are used by `appear-action` / `disappear-action`.
    public var hooks: [String: [String]] = [:]
    /// `[templates.NAME]`, by name.
    public var templates: [TemplateSpec] = []
    /// Where it was read from (for messages).
    public var source: String = "(built-in)"
    public init() {}

    public func container(named name: String) -> ContainerSpec? {
        containers.first { $0.configuration.name == name }
    }
}

/// A config that cannot be used: where and why.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var reason: String
    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file; self.line = line; self.column = column; self.reason = reason
    }
    /// `file:line:column: reason`, or `file: reason` for the whole file (line 0).
    public var description: String { line == 0 ? "\(file): \(reason)" : "\(file):\(line):\(column): \(reason)" }
}

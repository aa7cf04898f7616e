import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// The theme and motion in force, kept in step with the config (`[general]` color-scheme,
/// contrast, reduced-motion) and the desktop's settings portal; toasts on screen are drawn
/// again in the new look at once.
final class AppearanceRuntime {
    private let screen: OverlayPresenter
    private var settings: AppearanceSettings
    private(set) var desktop = DesktopAppearance()
    private let gtkTheme: String?
    private(set) var theme = ToastTheme.standard
    private(set) var motion = MotionPolicy.full

    init(screen: OverlayPresenter, settings: AppearanceSettings,
         gtkTheme: String? = getenv("GTK_THEME").map { String(cString: $0) }) {
        self.screen = screen
        self.settings = settings
        self.gtkTheme = gtkTheme
        apply()
    }

    func configChanged(_ settings: AppearanceSettings) {
        self.settings = settings
        apply()
    }

    func desktopChanged(_ desktop: DesktopAppearance) {
        self.desktop = desktop
        apply()
    }

    private func apply() {
        (theme, motion) = AppearanceResolver.resolve(settings, desktop: desktop, gtkTheme: gtkTheme)
        screen.style = theme.style
        screen.setMotion(motion)
    }
}

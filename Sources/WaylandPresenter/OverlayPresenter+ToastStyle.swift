import OverlayEngine
import OverlayRenderer

// Each container's toast style: the presenter's `style` with the container's look and width.
extension OverlayPresenter {
    /// The style a container's toasts are drawn with: never wider than a fixed-width container
    /// leaves them (its width less its insets), so a narrow container does not clip its toasts.
    /// Kept per container (not derived from the engine on use: input handlers run inside it).
    func toastStyle(in container: String) -> ToastStyle { toastStyles[container] ?? style }

    /// Sets what a container's toasts change of `style`: a close button (a click on it reaches
    /// the delegate as `.closeButton`), the accent of urgent toasts.
    public func setToastLook(_ look: ToastLook, for container: String) {
        guard looks.updateValue(look, forKey: container) != look else { return }
        if refreshToastStyle(container) { remeasure(in: container) }
        relayoutToasts(in: container)
        contentVersions[container, default: 0] += 1
        revision &+= 1
    }

    /// Recomputes a container's toast style; true when its width changed.
    @discardableResult
    func refreshToastStyle(_ container: String) -> Bool {
        var narrowed = style
        if let look = looks[container] {
            if look.closeButton { narrowed.showsCloseButton = true }
            if let accent = look.accent { narrowed.accent = accent }
        }
        if let width = placements[container]?.width, width > 0 {
            let insets = manager.container(container)?.insets ?? .zero
            narrowed.width = min(style.width, max(Double(width) - insets.leading - insets.trailing, Self.narrowestToast))
        }
        let old = toastStyles.updateValue(narrowed, forKey: container)
        if old != narrowed { lazyMeasure.templateEstimates[container] = nil }
        return old?.width != narrowed.width || old?.showsCloseButton != narrowed.showsCloseButton
    }
    static let narrowestToast = 48.0
}

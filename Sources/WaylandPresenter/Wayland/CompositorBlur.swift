import WaylandListeners
import CWayland

/// The compositor's own background blur, when it offers one: ext-background-effect-v1 (which
/// counts only while its `capabilities` event includes blur) or KDE's org_kde_kwin_blur.
final class CompositorBlurManager {
    private let effectManager: OpaquePointer?
    private let kwinManager: OpaquePointer?
    /// The last ext-background-effect `capabilities` include blur.
    private var effectBlurs = false
    private lazy var box = ListenerBox(self)

    init(effectManager: OpaquePointer) {
        self.effectManager = effectManager
        kwinManager = nil
        ext_background_effect_manager_v1_add_listener(effectManager, CompositorBlurManager.listener, box.userdata)
    }

    init(kwinManager: OpaquePointer) {
        effectManager = nil
        self.kwinManager = kwinManager
    }

    deinit {
        if let effectManager { ext_background_effect_manager_v1_destroy(effectManager) }
        if let kwinManager { org_kde_kwin_blur_manager_destroy(kwinManager) }
    }

    /// Whether the compositor blurs behind surfaces now.
    var blurs: Bool { kwinManager != nil || effectBlurs }

    /// A blur object for `surface`; nil when the compositor does not blur.
    func blur(for surface: OpaquePointer) -> SurfaceBlur? {
        guard blurs else { return nil }
        if let effectManager, let object = ext_background_effect_manager_v1_get_background_effect(effectManager, surface) {
            return SurfaceBlur(effect: object)
        }
        if let kwinManager { return SurfaceBlur(kwinManager: kwinManager, surface: surface) }
        return nil
    }

    private static let listener = stableListener(ext_background_effect_manager_v1_listener(
        capabilities: { data, _, flags in
            ListenerBox<CompositorBlurManager>.owner(data)?.effectBlurs =
                flags & EXT_BACKGROUND_EFFECT_MANAGER_V1_CAPABILITY_BLUR.rawValue != 0
        }
    ))
}

/// One surface's blurred region: set before the surface's commit, which applies it.
final class SurfaceBlur {
    private let effect: OpaquePointer?
    private let kwinManager: OpaquePointer?
    private let surface: OpaquePointer?
    private var kwinBlur: OpaquePointer?
    /// What was last set (nil: unset), to send only changes.
    private var current: [RegionRect]?

    init(effect: OpaquePointer) {
        self.effect = effect
        kwinManager = nil
        surface = nil
    }

    init(kwinManager: OpaquePointer, surface: OpaquePointer) {
        effect = nil
        self.kwinManager = kwinManager
        self.surface = surface
    }

    deinit {
        if let effect { ext_background_effect_surface_v1_destroy(effect) }
        if let kwinBlur { org_kde_kwin_blur_release(kwinBlur) }
    }

    /// Blurs behind `rects` (surface coordinates) from the next commit; nil blurs nowhere.
    func set(_ rects: [RegionRect]?, compositor: OpaquePointer) {
        guard rects != current else { return }
        current = rects
        var region: OpaquePointer? = nil
        if let rects {
            region = wl_compositor_create_region(compositor)
            for r in rects { wl_region_add(region, r.x, r.y, r.width, r.height) }
        }
        defer { if let region { wl_region_destroy(region) } }
        if let effect {
            ext_background_effect_surface_v1_set_blur_region(effect, region)
        } else if let kwinManager, let surface {
            // A null region means the whole surface here: "nowhere" is unset.
            guard let region else {
                org_kde_kwin_blur_manager_unset(kwinManager, surface)
                if let kwinBlur { org_kde_kwin_blur_release(kwinBlur) }
                kwinBlur = nil
                return
            }
            if kwinBlur == nil { kwinBlur = org_kde_kwin_blur_manager_create(kwinManager, surface) }
            guard let kwinBlur else { return }
            org_kde_kwin_blur_set_region(kwinBlur, region)
            org_kde_kwin_blur_commit(kwinBlur)
        }
    }
}

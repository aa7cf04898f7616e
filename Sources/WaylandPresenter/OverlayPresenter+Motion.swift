import OverlayEngine

extension OverlayPresenter {
    /// How much views move from now on (the desktop's reduced-motion setting): see `MotionPolicy`.
    public func setMotion(_ policy: MotionPolicy) {
        manager.setMotion(policy, now: clock())
        drawers.setMotion(policy)
    }
}

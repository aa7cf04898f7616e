/// The life of a layer surface, as one explicit state (no loose configured/dirty flags).
/// Listeners move it; the presenter draws only in `.needsDraw`.
public enum SurfacePhase: Equatable, Sendable {
    /// Created and committed without a buffer; waiting for the first configure.
    case awaitingConfigure
    /// Configured; nothing to draw.
    case idle
    /// Configured; the next update pass draws it.
    case needsDraw
    /// A frame callback is outstanding; `redrawRequested` draws again when it fires.
    case awaitingFrame(redrawRequested: Bool)
    /// The compositor closed it (output gone…); it must be destroyed.
    case closed

    /// A configure (any size, granted or not) asks for one draw; it never asks the compositor back.
    public mutating func configured() {
        switch self {
        case .awaitingConfigure, .idle, .needsDraw: self = .needsDraw
        case .awaitingFrame: self = .awaitingFrame(redrawRequested: true)
        case .closed: break
        }
    }

    /// Something changed: draw now if idle, after the outstanding frame otherwise.
    public mutating func requestRedraw() {
        switch self {
        case .idle: self = .needsDraw
        case .awaitingFrame: self = .awaitingFrame(redrawRequested: true)
        case .awaitingConfigure, .needsDraw, .closed: break
        }
    }

    /// A buffer was attached and committed with a frame callback.
    public mutating func presented() {
        if self == .needsDraw { self = .awaitingFrame(redrawRequested: false) }
    }

    /// The frame to draw is the one shown already: nothing to attach.
    public mutating func unchanged() {
        if self == .needsDraw { self = .idle }
    }

    /// The frame callback fired: the compositor is ready for the next frame.
    public mutating func frameDone() {
        if case .awaitingFrame(let redraw) = self { self = redraw ? .needsDraw : .idle }
    }

    public mutating func closed() { self = .closed }

    /// A change to the picture is drawn in the pass that sees it: the surface is configured and
    /// no frame is outstanding (an idle surface asks for its draw when the change is seen). What
    /// such a pass lays out must be final (measured) before it asks.
    public var drawsChangesNow: Bool { self == .idle || self == .needsDraw }

    /// The presenter must look at it in a pass where nothing changed: a frame is due, or the
    /// compositor closed it and it must go.
    public var wantsAttention: Bool { self == .needsDraw || self == .closed }
}

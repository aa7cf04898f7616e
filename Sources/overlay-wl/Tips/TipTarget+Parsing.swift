import OverlayEngine
import SwayIPC

/// What a `show` in the tips container points at, as given on the command line or the bus.
enum TipTargetSpec: Equatable {
    /// `--at X,Y` (output coordinates, logical pixels), or `X,Y,W,H` for a rectangle.
    case area(Rect)
    /// `--window app_id=…|title=…|title~=…|con_id=N|focused`.
    case window(WindowSelector)

    /// Parses `at` ("X,Y" or "X,Y,W,H") or `window`; exactly one must be given.
    init(at: String?, window: String?) throws {
        switch (at, window) {
        case (nil, nil): throw TipError("a tip needs a target: --at X,Y[,W,H] or --window SELECTOR")
        case (.some, .some): throw TipError("give either --at or --window, not both")
        case (let at?, nil):
            let numbers = at.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.filter { $0 != " " && $0 != "\t" }) }
            guard numbers.count == 2 || numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw TipError("--at '\(at)': expected X,Y or X,Y,W,H (numbers)")
            }
            let v = numbers.map { $0! }
            if v.count == 4, v[2] < 0 || v[3] < 0 { throw TipError("--at '\(at)': width and height must not be negative") }
            self = .area(Rect(x: v[0], y: v[1], width: v.count == 4 ? v[2] : 0, height: v.count == 4 ? v[3] : 0))
        case (nil, let window?):
            do { self = .window(try WindowSelector(parsing: window)) } catch { throw TipError("\(error)") }
        }
    }
}

struct TipError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where layer-shell puts a surface on its output (wlroots' arrangement, ignoring other
/// surfaces' exclusive zones): used to capture what is under a container.
extension LayerPlacement {
    /// The top-left corner, in the output's logical coordinates, of a surface of `size` (what
    /// the compositor granted) on an output of logical size `output`.
    func origin(size: (width: Int, height: Int), output: (width: Int, height: Int)) -> (x: Int, y: Int) {
        let m = margins
        let x = Self.offset(start: anchor.contains(.left), end: anchor.contains(.right), length: size.width,
                            bounds: output.width, marginStart: Int(m.left), marginEnd: Int(m.right))
        let y = Self.offset(start: anchor.contains(.top), end: anchor.contains(.bottom), length: size.height,
                            bounds: output.height, marginStart: Int(m.top), marginEnd: Int(m.bottom))
        return (x, y)
    }

    /// One axis: pinned to an anchored edge (plus its margin), else centred within the margins.
    private static func offset(start: Bool, end: Bool, length: Int, bounds: Int, marginStart: Int, marginEnd: Int) -> Int {
        switch (start, end) {
        case (true, false): marginStart
        case (false, true): bounds - marginEnd - length
        default: marginStart + (bounds - marginStart - marginEnd - length) / 2
        }
    }
}

/// A tree changing in place moves from its old layout to its new one along the view's animation:
/// parts are matched by their node's `id`, else by place when the two trees have the same
/// nodes in the same order (the root's parts always match the root's). A matched part moves and resizes part of the way (text moves at its
/// new size, so it is not laid out again on every frame), bars and sliders move to their new
/// values, a part with no match fades in, and an old part with no match fades out over the
/// rest (drawn last; it takes no clicks).
extension ViewLayoutResult {
    /// These parts `progress` (0…1) of the way from `start`; the parts themselves at 1.
    /// `matches`: `partMatches(from: start)`, worked out once for every frame of a move.
    public func interpolating(from start: ViewLayoutResult, progress: Double, matches known: PartMatches? = nil) -> ViewLayoutResult {
        guard progress < 1 else { return self }
        let t = max(0, progress)
        let matches = known ?? partMatches(from: start)
        // The parts are moved in place: a part copied out and appended is retained and released
        // whole (its text, image and id). Arrows stay relative to their parts' frames.
        var result = ViewLayoutResult(size: Size(width: start.size.width + (size.width - start.size.width) * t,
                                                 height: start.size.height + (size.height - start.size.height) * t),
                                      placed: placed, arrows: arrows)
        result.placed.reserveCapacity(placed.count + matches.leaving.count)
        start.placed.withUnsafeBufferPointer { startParts in
            result.placed.withUnsafeMutableBufferPointer { parts in
                for i in parts.indices { Self.move(&parts[i], from: matches.from[i], of: startParts, t) }
            }
        }
        for j in matches.leaving {
            var leaving = start.placed[j]
            leaving.opacity *= 1 - t
            leaving.index = -1 - j  // never a control of the new tree
            leaving.parent = leaving.parent.map { -1 - $0 }
            result.placed.append(leaving)
        }
        return result
    }

    /// `part` moved `t` of the way from part `j` of `start` (faded in from nothing without one).
    private static func move(_ part: inout PlacedView, from j: Int?, of start: UnsafeBufferPointer<PlacedView>, _ t: Double) {
        guard let j else {
            part.opacity *= t
            return
        }
        part.frame = lerp(start[j].frame, part.frame, t, keepingSize: part.isText)
        part.opacity = start[j].opacity + (part.opacity - start[j].opacity) * t
        part.cornerRadius = start[j].cornerRadius + (part.cornerRadius - start[j].cornerRadius) * t
        if case .node(.progressBar) = part.part, case .node(.progressBar) = start[j].part,
           let a = start[j].fillFraction, let b = part.fillFraction {
            part.part = .node(.progressBar(value: a + (b - a) * t, total: 1))
        } else if case .node(.slider(let v1, let range, let step, let action)) = part.part, case .node(.slider(let v0, _, _, _)) = start[j].part {
            part.part = .node(.slider(value: v0 + (v1 - v0) * t, range: range, step: step, action: action))
        }
    }

    /// These parts and `other`'s, borrowed (an array's elements read by index are copies: each
    /// copy of a part retains its text, its image and its id).
    func withParts<R>(_ other: ViewLayoutResult, _ body: (UnsafeBufferPointer<PlacedView>, UnsafeBufferPointer<PlacedView>) -> R) -> R {
        placed.withUnsafeBufferPointer { parts in other.placed.withUnsafeBufferPointer { body(parts, $0) } }
    }

    /// Which part of `start` each of these parts moves from.
    public func partMatches(from start: ViewLayoutResult) -> PartMatches {
        let from = matchedParts(in: start)
        var used = [Bool](repeating: false, count: start.placed.count)
        for case let j? in from { used[j] = true }
        return PartMatches(from: from, leaving: start.placed.indices.filter { !used[$0] })
    }

    /// True when going from `start` to these parts shows any motion: a part moved or resized, a
    /// value changed, a part came or went. `matches`: `partMatches(from: start)`.
    public func animates(from start: ViewLayoutResult, matches known: PartMatches? = nil) -> Bool {
        let matches = known ?? partMatches(from: start)
        guard matches.leaving.isEmpty, size == start.size else { return true }
        return withParts(start) { parts, startParts in
            parts.indices.contains { i in
                guard let j = matches.from[i] else { return parts[i].opacity * 0 != parts[i].opacity }  // fades in
                return !parts[i].showsAtStart(of: startParts[j])
            }
        }
    }

    /// How far the move from `start` goes: the largest change, in points, of a part's edges, its
    /// corner radius, a bar's or slider's fill end, or the tree's size; and the largest change of
    /// a part's opacity (a part coming or going fades all of its own). Part way through, what is
    /// left of each is at most these times what is left of the progress.
    public func moveSpan(from start: ViewLayoutResult, matches known: PartMatches? = nil) -> (points: Double, opacity: Double) {
        let matches = known ?? partMatches(from: start)
        var points = max(abs(size.width - start.size.width), abs(size.height - start.size.height))
        var opacity = 0.0
        for j in matches.leaving { opacity = max(opacity, start.placed[j].opacity) }
        withParts(start) { parts, startParts in
            for i in parts.indices {
                guard let j = matches.from[i] else {
                    opacity = max(opacity, parts[i].opacity)
                    continue
                }
                let a = startParts[j], b = parts[i]
                opacity = max(opacity, abs(b.opacity - a.opacity))
                let dx = abs(b.frame.minX - a.frame.minX), dw = b.isText ? 0 : abs(b.frame.width - a.frame.width)
                points = max(points, dx + dw, abs(b.frame.minY - a.frame.minY) + (b.isText ? 0 : abs(b.frame.height - a.frame.height)),
                             abs(b.cornerRadius - a.cornerRadius))
                if let f0 = a.fillFraction, let f1 = b.fillFraction {
                    points = max(points, dx + dw + max(a.frame.width, b.frame.width) * abs(f1 - f0))
                }
            }
        }
        return (points, opacity)
    }

    /// For each part here, the index of its match in `start`: by id (the same id, the same kind of
    /// part), else by place when both trees have the same nodes in the same order.
    private func matchedParts(in start: ViewLayoutResult) -> [Int?] {
        // The same nodes with the same ids in the same order (a tree whose values changed): each
        // part is its own match, as the rules below would find.
        let (sameNodes, sameShape) = withParts(start) { parts, startParts in
            guard parts.count == startParts.count,
                  parts.indices.allSatisfy({ parts[$0].index == startParts[$0].index && parts[$0].kindCode == startParts[$0].kindCode })
            else { return (false, false) }
            return (parts.indices.allSatisfy { parts[$0].id == startParts[$0].id }, true)
        }
        if sameNodes { return placed.indices.map { $0 } }
        var byID: [PartKey: Int] = [:]
        for (j, part) in start.placed.enumerated() {
            if let id = part.id { byID[PartKey(id: id, kind: part.kindCode)] = byID[PartKey(id: id, kind: part.kindCode)] ?? j }
        }
        var matches = [Int?](repeating: nil, count: placed.count)
        var taken = [Bool](repeating: false, count: start.placed.count)
        func take(_ j: Int) -> Bool {
            if taken[j] { return false }
            taken[j] = true
            return true
        }
        for (i, part) in placed.enumerated() {
            if let id = part.id, let j = byID[PartKey(id: id, kind: part.kindCode)], take(j) {
                matches[i] = j
            } else if sameShape, part.id == nil || start.placed[i].id == part.id, take(i) {
                matches[i] = i
            } else if part.parent == nil, let j = start.placed.firstIndex(where: { $0.parent == nil && $0.kindCode == part.kindCode }),
                      take(j) {
                matches[i] = j  // the root stays the root
            }
        }
        return matches
    }

    private struct PartKey: Hashable {
        let id: String, kind: Int
    }

    static func lerp(_ a: Rect, _ b: Rect, _ t: Double, keepingSize: Bool) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
             width: keepingSize ? b.width : a.width + (b.width - a.width) * t,
             height: keepingSize ? b.height : a.height + (b.height - a.height) * t)
    }
}

/// For each part of a tree, the index of the part of an earlier tree it moves from.
public struct PartMatches: Equatable, Sendable {
    /// Per part, its match in the earlier tree (nil: it fades in).
    let from: [Int?]
    /// Parts of the earlier tree no part moves from (they fade out).
    let leaving: [Int]
}

extension PlacedView {
    /// The kind of part (and of node) without its values: what a match must agree on.
    var kindName: String {
        switch part {
        case .background: "background"
        case .shadow: "shadow"
        case .border: "border"
        case .clip: "clip"
        case .unclip: "unclip"
        case .node(let kind): "node." + kind.caseName
        }
    }

    /// `kindName` as a number, cheap to compare and hash.
    var kindCode: Int {
        switch part {
        case .background: 0
        case .shadow: 1
        case .border: 2
        case .clip: 3
        case .unclip: 4
        case .node(let kind): 5 + kind.caseCode
        }
    }

    var isText: Bool {
        if case .node(.text) = part { return true }
        return false
    }

    /// True when this part, moved no way yet from `start` (its match in the earlier tree, as
    /// `interpolating` moves it at progress 0), is this part as it is: nothing of it moves.
    /// Compared field by field, without building the moved part.
    func showsAtStart(of start: PlacedView) -> Bool {
        guard ViewLayoutResult.lerp(start.frame, frame, 0, keepingSize: isText) == frame,
              start.opacity + (opacity - start.opacity) * 0 == opacity,
              start.cornerRadius + (cornerRadius - start.cornerRadius) * 0 == cornerRadius else { return false }
        if case .node(.progressBar(let v1, let t1)) = part, case .node(.progressBar) = start.part,
           let a = start.fillFraction, let b = fillFraction {
            return a + (b - a) * 0 == v1 && t1 == 1
        }
        if case .node(.slider(let v1, _, _, _)) = part, case .node(.slider(let v0, _, _, _)) = start.part {
            return v0 + (v1 - v0) * 0 == v1
        }
        return true
    }
}

extension ViewKind {
    /// The case without its values, as a number.
    var caseCode: Int {
        switch self {
        case .vstack: 0
        case .hstack: 1
        case .zstack: 2
        case .spacer: 3
        case .divider: 4
        case .grid: 5
        case .text: 6
        case .image: 7
        case .progressBar: 8
        case .button: 9
        case .toggle: 10
        case .slider: 11
        case .textField: 12
        case .symbol: 13
        }
    }

    /// The case without its values.
    var caseName: String {
        switch self {
        case .vstack: "vstack"
        case .hstack: "hstack"
        case .zstack: "zstack"
        case .spacer: "spacer"
        case .divider: "divider"
        case .grid: "grid"
        case .text: "text"
        case .image: "image"
        case .progressBar: "progressBar"
        case .button: "button"
        case .toggle: "toggle"
        case .slider: "slider"
        case .textField: "textField"
        case .symbol: "symbol"
        }
    }
}

extension PlacedView {
    /// The filled share of a bar or slider as it is drawn; nil for other parts.
    var fillFraction: Double? {
        switch part {
        case .node(.progressBar(let value, let total)): Self.barFraction(value, of: total)
        case .node(.slider(let value, let range, _, _)): SliderTrack.fraction(value, range: range)
        default: nil
        }
    }
}

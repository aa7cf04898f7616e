/// The numbers and names of AT-SPI (at-spi2-core 2.46: `AtspiRole`, `AtspiStateType`, and the
/// registry's well-known names), as the accessibility bus carries them.
enum ATSPI {
    static let roleApplication: UInt32 = 75
    /// `ATSPI_ROLE_NOTIFICATION` (ATK's own enum numbers it differently; the bus carries AT-SPI's).
    static let roleNotification: UInt32 = 101

    static let stateEnabled = 8
    static let stateSensitive = 24
    static let stateShowing = 25
    static let stateVisible = 30

    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let nullPath = "/org/a11y/atspi/null"
    static let registryName = "org.a11y.atspi.Registry"
    static let accessibleInterface = "org.a11y.atspi.Accessible"
    static let applicationInterface = "org.a11y.atspi.Application"
    static let socketInterface = "org.a11y.atspi.Socket"
    static let objectEvents = "org.a11y.atspi.Event.Object"

    /// A state set as the bus carries it (`au`): two 32-bit words, bit n for state n.
    static func stateWords(_ states: [Int]) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states where (0..<64).contains(state) { words[state / 32] |= 1 << UInt32(state % 32) }
        return words
    }
}

/// One notification as a screen reader sees it: role NOTIFICATION, the summary as its name and
/// the body, as plain text, as its description.
struct AccessibleNotification: Equatable {
    /// Characters of a name or description kept; the rest is cut with an ellipsis.
    static let maximumNameLength = 512
    static let maximumDescriptionLength = 4096

    let id: UInt32
    let name: String
    let description: String

    init(id: UInt32, summary: String, bodyMarkup: String) {
        self.id = id
        name = Self.bounded(AccessibleText.plain(summary), Self.maximumNameLength)
        description = Self.bounded(AccessibleText.plain(bodyMarkup), Self.maximumDescriptionLength)
    }

    /// Its object path on the accessibility bus.
    var path: String { "/org/overlaywl/a11y/notification/\(id)" }

    static let states = ATSPI.stateWords([ATSPI.stateEnabled, ATSPI.stateSensitive, ATSPI.stateShowing, ATSPI.stateVisible])

    private static func bounded(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// The application's children: the notifications showing, oldest first, at most
/// `maximumChildren` (past it the oldest leaves the tree; it stays on screen).
struct AccessibleTree {
    static let maximumChildren = 256

    enum Change: Equatable {
        case added(index: Int, AccessibleNotification)
        case removed(index: Int, AccessibleNotification)
        /// Same id, new text (a replaced notification).
        case changed(AccessibleNotification, nameChanged: Bool, descriptionChanged: Bool)
    }

    private(set) var children: [AccessibleNotification] = []
    let capacity: Int

    init(_ children: [AccessibleNotification] = [], capacity: Int = maximumChildren) {
        self.capacity = max(1, capacity)
        self.children = Array(children.suffix(self.capacity))
    }

    func index(of id: UInt32) -> Int? { children.firstIndex { $0.id == id } }
    func child(_ id: UInt32) -> AccessibleNotification? { index(of: id).map { children[$0] } }

    /// Adds a notification, or updates the one with its id.
    mutating func show(_ node: AccessibleNotification) -> [Change] {
        if let index = index(of: node.id) {
            let old = children[index]
            guard old != node else { return [] }
            children[index] = node
            return [.changed(node, nameChanged: old.name != node.name, descriptionChanged: old.description != node.description)]
        }
        var changes: [Change] = []
        if children.count >= capacity { changes.append(.removed(index: 0, children.removeFirst())) }
        children.append(node)
        changes.append(.added(index: children.count - 1, node))
        return changes
    }

    mutating func remove(_ id: UInt32) -> [Change] {
        guard let index = index(of: id) else { return [] }
        return [.removed(index: index, children.remove(at: index))]
    }
}

/// Notification markup (the spec's subset of HTML) as the plain text a screen reader reads.
enum AccessibleText {
    /// Tags dropped (an image by its `alt` text, `<br>` as a line break), entities decoded (the
    /// five named ones and numeric ones), runs of blanks folded to one space, ends trimmed.
    static func plain(_ markup: String) -> String {
        var text = ""
        var index = markup.startIndex
        while index < markup.endIndex {
            let c = markup[index]
            if c == "<", let close = markup[index...].firstIndex(of: ">") {
                text += replacement(forTag: markup[markup.index(after: index)..<close])
                index = markup.index(after: close)
            } else if c == "&", let (decoded, next) = entity(in: markup, at: index) {
                text.append(decoded)
                index = next
            } else {
                text.append(c)
                index = markup.index(after: index)
            }
        }
        return folded(text)
    }

    private static func replacement(forTag tag: Substring) -> String {
        let name = tag.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
        switch name {
        case "br": return "\n"
        case "img": return attribute("alt", in: tag).map { " \(plain($0)) " } ?? ""
        default: return ""
        }
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.firstRange(of: "\(name)=\(quote)") else { continue }
            let rest = tag[start.upperBound...]
            guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
            return String(rest[..<end])
        }
        return nil
    }

    private static let named: [String: Character] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": " "]

    /// The character an entity at `start` ("&amp;", "&#38;", "&#x26;") stands for, and where it ends.
    private static func entity(in text: String, at start: String.Index) -> (Character, String.Index)? {
        let body = text[text.index(after: start)...].prefix(10)
        guard let semicolon = body.firstIndex(of: ";") else { return nil }
        let name = body[..<semicolon]
        let next = text.index(after: semicolon)
        if let c = named[String(name)] { return (c, next) }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (Character(scalar), next)
    }

    /// Blanks folded to one space, each line trimmed, empty lines dropped.
    private static func folded(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}

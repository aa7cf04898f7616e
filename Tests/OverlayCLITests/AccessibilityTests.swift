// Notifications on the accessibility bus: markup as plain text, the bounds, the tree's changes
// (replayed as a screen reader would, they give the tree), the answers of the exported objects
// and the `accessibility` config key. The bus itself is covered by AccessibilityBusTests.
import DBusService
import OverlayConfig
import PropertyBased
import Testing
@testable import overlay_wl

struct AccessibleTextTests {
    @Test(arguments: [
        ("<b>Tom</b> &amp; <i>Ann</i>", "Tom & Ann"),
        ("a &lt;tag&gt; &quot;q&quot; &apos;s&apos;", "a <tag> \"q\" 's'"),
        ("&#38; &#x26; &#X41;", "& & A"),
        ("line one<br/>line two<br>", "line one\nline two"),
        ("Look: <img src=\"/tmp/x.png\" alt=\"a cat\"/> done", "Look: a cat done"),
        ("<img src='x.png'>", ""),
        ("<a href=\"https://example.org\">the site</a>", "the site"),
        ("  lots\tof   blanks  \n\n  here ", "lots of blanks\nhere"),
        ("5 < 6 and &unknown; &#0; &", "5 < 6 and &unknown; &#0; &"),
    ])
    func markupBecomesPlainText(markup: String, plain: String) {
        #expect(AccessibleText.plain(markup) == plain)
    }

    @Test func nameAndDescriptionAreBounded() {
        let node = AccessibleNotification(id: 1, summary: String(repeating: "s", count: 2000),
                                          bodyMarkup: String(repeating: "b", count: 10_000))
        #expect(node.name.count == AccessibleNotification.maximumNameLength)
        #expect(node.name.hasSuffix("…"))
        #expect(node.description.count == AccessibleNotification.maximumDescriptionLength)
        let short = AccessibleNotification(id: 2, summary: "Hi", bodyMarkup: "<b>there</b>")
        #expect(short.name == "Hi" && short.description == "there")
    }

    @Test func theStatesAreEnabledSensitiveShowingVisibleInTheFirstWord() {
        let first: UInt32 = 1 << 8 | 1 << 24 | 1 << 25 | 1 << 30
        #expect(AccessibleNotification.states == [first, 0])
        let second: [UInt32] = [0, 2]
        #expect(ATSPI.stateWords([33, 70]) == second, "state 33 is bit 1 of the second word; 70 is out of range")
    }
}

struct AccessibleTreeTests {
    func node(_ id: UInt32, _ summary: String = "s", _ body: String = "b") -> AccessibleNotification {
        AccessibleNotification(id: id, summary: summary, bodyMarkup: body)
    }

    @Test func addingUpdatingAndRemovingGiveIndexedChanges() {
        var tree = AccessibleTree()
        #expect(tree.show(node(5, "Mail")) == [.added(index: 0, node(5, "Mail"))])
        #expect(tree.show(node(9, "Chat")) == [.added(index: 1, node(9, "Chat"))])
        #expect(tree.show(node(9, "Chat")) == [], "the same text again changes nothing")
        #expect(tree.show(node(5, "Mail (2)")) == [.changed(node(5, "Mail (2)"), nameChanged: true, descriptionChanged: false)])
        #expect(tree.remove(5) == [.removed(index: 0, node(5, "Mail (2)"))])
        #expect(tree.remove(5) == [])
        #expect(tree.children.map(\.id) == [9])
        #expect(tree.index(of: 9) == 0)
        #expect(tree.child(9)?.path == "/org/overlaywl/a11y/notification/9")
    }

    @Test func pastItsCapacityTheOldestLeaves() {
        var tree = AccessibleTree(capacity: 2)
        _ = tree.show(node(1))
        _ = tree.show(node(2))
        #expect(tree.show(node(3)) == [.removed(index: 0, node(1)), .added(index: 1, node(3))])
        #expect(tree.children.map(\.id) == [2, 3])
        #expect(AccessibleTree((1...300).map { node($0) }).children.count == AccessibleTree.maximumChildren)
    }

    /// Random shows, replacements and removals: a mirror that only applies the changes (as a
    /// screen reader applies ChildrenChanged events) always equals the tree, and the tree never
    /// passes its capacity or holds an id twice.
    @Test func theChangesReplayedGiveTheTree() async {
        let steps = zip(Gen.int(in: 0...2), Gen.int(in: 0...9), Gen.int(in: 0...2)).array(of: 1...60)
        await propertyCheck(count: 300, input: steps, Gen.int(in: 1...5)) { raw, capacity in
            var tree = AccessibleTree(capacity: capacity)
            var mirror: [AccessibleNotification] = []
            for (kind, id, text) in raw {
                let changes = kind == 2 ? tree.remove(UInt32(id)) : tree.show(node(UInt32(id), "s\(text)", "b\(kind)"))
                for change in changes {
                    switch change {
                    case .added(let index, let child): mirror.insert(child, at: index)
                    case .removed(let index, let child):
                        #expect(mirror[index] == child)
                        mirror.remove(at: index)
                    case .changed(let child, _, _): mirror[mirror.firstIndex { $0.id == child.id }!] = child
                    }
                }
                #expect(mirror == tree.children)
                #expect(tree.children.count <= capacity)
                #expect(Set(tree.children.map(\.id)).count == tree.children.count)
            }
        }
    }
}

/// The exported objects answer from a model the test controls.
final class FakeAccessibleModel: AccessibleModel {
    var tree = AccessibleTree()
    var busName = ":1.7"
    var desktop = AccessibleObjects.reference(":1.1", ATSPI.rootPath)
    var applicationID: Int32 = 0
}

struct AccessibleObjectsTests {
    func answer(_ interfaces: [BusInterface], _ interface: String, _ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        let target = try #require(interfaces.first { $0.name == interface })
        #expect(target.methods.contains { $0.name == member }, "\(member) is declared")
        return try target.handler(BusCall(interface: interface, member: member, arguments: arguments)).values
    }

    @Test func theRootIsTheApplicationWithTheNotificationsAsChildren() throws {
        let model = FakeAccessibleModel()
        _ = model.tree.show(AccessibleNotification(id: 4, summary: "Mail", bodyMarkup: "hi"))
        let root = AccessibleObjects.interfaces(model, isRoot: true) { AccessibleObjects.rootDescription(model) }
        #expect(try answer(root, ATSPI.accessibleInterface, "GetRole") == [.uint32(75)])
        #expect(try answer(root, ATSPI.accessibleInterface, "GetChildren")
            == [.array([AccessibleObjects.reference(":1.7", "/org/overlaywl/a11y/notification/4")], elementSignature: "(so)")])
        #expect(try answer(root, ATSPI.accessibleInterface, "GetChildAtIndex", [.int32(3)])
            == [AccessibleObjects.reference("", ATSPI.nullPath)], "past the end: the null object")
        #expect(try answer(root, "org.freedesktop.DBus.Properties", "Get", [.string(ATSPI.accessibleInterface), .string("Name")])
            == [.variant(.string("overlay-wl"))])
        #expect(try answer(root, "org.freedesktop.DBus.Properties", "Get", [.string(ATSPI.accessibleInterface), .string("Parent")])
            == [.variant(model.desktop)])
        _ = try answer(root, "org.freedesktop.DBus.Properties", "Set", [.string(ATSPI.applicationInterface), .string("Id"), .variant(.int32(12))])
        #expect(model.applicationID == 12, "the registry's id is kept")
        #expect(try answer(root, "org.freedesktop.DBus.Properties", "Get", [.string(ATSPI.applicationInterface), .string("Id")])
            == [.variant(.int32(12))])
    }

    @Test func aNotificationHasItsRoleNameDescriptionAndParent() throws {
        let model = FakeAccessibleModel()
        _ = model.tree.show(AccessibleNotification(id: 4, summary: "Mail", bodyMarkup: "<b>New</b> message"))
        _ = model.tree.show(AccessibleNotification(id: 8, summary: "Chat", bodyMarkup: ""))
        let child = AccessibleObjects.interfaces(model, isRoot: false) { AccessibleObjects.childDescription(model, id: 8) }
        #expect(try answer(child, ATSPI.accessibleInterface, "GetRole") == [.uint32(101)])
        #expect(try answer(child, ATSPI.accessibleInterface, "GetRoleName") == [.string("notification")])
        #expect(try answer(child, ATSPI.accessibleInterface, "GetIndexInParent") == [.int32(1)])
        #expect(try answer(child, ATSPI.accessibleInterface, "GetState") == [.array([.uint32(AccessibleNotification.states[0]), .uint32(0)], elementSignature: "u")])
        let all = try answer(child, "org.freedesktop.DBus.Properties", "GetAll", [.string(ATSPI.accessibleInterface)])
        guard case .dict(let entries, _, _)? = all.first else { Issue.record("GetAll: \(all)"); return }
        let values = Dictionary(uniqueKeysWithValues: entries.map { ($0.key.stringValue ?? "", $0.value) })
        #expect(values["Name"] == .variant(.string("Chat")))
        #expect(values["Parent"] == .variant(AccessibleObjects.reference(":1.7", ATSPI.rootPath)))
        let mail = AccessibleObjects.interfaces(model, isRoot: false) { AccessibleObjects.childDescription(model, id: 4) }
        #expect(try answer(mail, "org.freedesktop.DBus.Properties", "Get", [.string(ATSPI.accessibleInterface), .string("Description")])
            == [.variant(.string("New message"))])
        #expect(throws: BusMethodError.self, "a notification's properties are read-only") {
            try answer(mail, "org.freedesktop.DBus.Properties", "Set", [.string(ATSPI.accessibleInterface), .string("Name"), .variant(.string("x"))])
        }
        _ = model.tree.remove(4)
        #expect(throws: BusMethodError.self, "a notification gone answers with an error") {
            try answer(mail, ATSPI.accessibleInterface, "GetRole")
        }
    }
}

extension AccessibleObjectsTests {
    @Test func theCacheIsEmptySoReadersAskTheObjects() throws {
        #expect(try answer([AccessibleObjects.cache], "org.a11y.atspi.Cache", "GetItems")
            == [.array([], elementSignature: "((so)(so)(so)iiassusau)")])
    }
}

struct AccessibilityConfigTests {
    @Test func accessibilityIsAutoByDefaultAndTakesTrueFalseOrAuto() throws {
        #expect(try ConfigRuntime.parser.parse("", file: "c").general.accessibility == .auto)
        #expect(try ConfigRuntime.parser.parse("[general]\naccessibility = true\n", file: "c").general.accessibility == .on)
        #expect(try ConfigRuntime.parser.parse("[general]\naccessibility = false\n", file: "c").general.accessibility == .off)
        #expect(try ConfigRuntime.parser.parse("[general]\naccessibility = \"auto\"\n", file: "c").general.accessibility == .auto)
    }

    @Test func aBadAccessibilityValueSaysWhere() {
        #expect(throws: ConfigError(file: "c", line: 2, column: 17, reason: "[general] accessibility: unknown value 'yes' (true, false or \"auto\")")) {
            try ConfigRuntime.parser.parse("[general]\naccessibility = \"yes\"\n", file: "c")
        }
        #expect(throws: ConfigError(file: "c", line: 2, column: 17, reason: "[general] accessibility: expected true, false or \"auto\", got an integer")) {
            try ConfigRuntime.parser.parse("[general]\naccessibility = 1\n", file: "c")
        }
    }
}

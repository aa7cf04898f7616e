import DBusService

/// What the exported objects answer from. The objects hold no state of their own: every call
/// reads the tree as it is now.
protocol AccessibleModel: AnyObject {
    var tree: AccessibleTree { get }
    /// This connection's unique name on the accessibility bus.
    var busName: String { get }
    /// The registry's desktop, the application's parent (from `Embed`).
    var desktop: BusValue { get }
    /// Set by the registry through `org.freedesktop.DBus.Properties.Set`.
    var applicationID: Int32 { get set }
}

/// The interfaces of the application root and of each notification, by hand: the part of
/// `org.a11y.atspi.Accessible` and `org.a11y.atspi.Application` that the registry and
/// libatspi (pyatspi, Orca) use, and `org.freedesktop.DBus.Properties` for their properties.
enum AccessibleObjects {
    static func reference(_ name: String, _ path: String) -> BusValue { .structure([.string(name), .objectPath(path)]) }

    static let accessibleMethods = [
        BusMethod("GetChildAtIndex", input: "i", output: "(so)"), BusMethod("GetChildren", output: "a(so)"),
        BusMethod("GetIndexInParent", output: "i"), BusMethod("GetRelationSet", output: "a(ua(so))"),
        BusMethod("GetRole", output: "u"), BusMethod("GetRoleName", output: "s"), BusMethod("GetLocalizedRoleName", output: "s"),
        BusMethod("GetState", output: "au"), BusMethod("GetAttributes", output: "a{ss}"),
        BusMethod("GetApplication", output: "(so)"), BusMethod("GetInterfaces", output: "as"),
    ]
    static let propertyMethods = [
        BusMethod("Get", input: "ss", output: "v"), BusMethod("GetAll", input: "s", output: "a{sv}"),
        BusMethod("Set", input: "ssv"),
    ]

    /// What one object is, read at call time; nil: it is gone.
    struct Description {
        var role: UInt32
        var roleName: String
        var name: String
        var description: String
        var parent: BusValue
        var indexInParent: Int32
        var children: [BusValue]
        var states: [UInt32]
        var interfaces: [String]
    }

    static func rootDescription(_ model: AccessibleModel) -> Description {
        Description(role: ATSPI.roleApplication, roleName: "application", name: "overlay-wl", description: "",
                    parent: model.desktop, indexInParent: -1,
                    children: model.tree.children.map { reference(model.busName, $0.path) },
                    states: ATSPI.stateWords([]), interfaces: [ATSPI.accessibleInterface, ATSPI.applicationInterface])
    }

    static func childDescription(_ model: AccessibleModel, id: UInt32) -> Description? {
        guard let index = model.tree.index(of: id) else { return nil }
        let node = model.tree.children[index]
        return Description(role: ATSPI.roleNotification, roleName: "notification", name: node.name, description: node.description,
                           parent: reference(model.busName, ATSPI.rootPath), indexInParent: Int32(index), children: [],
                           states: AccessibleNotification.states, interfaces: [ATSPI.accessibleInterface])
    }

    /// The interfaces of the object `describe` describes.
    static func interfaces(_ model: AccessibleModel, isRoot: Bool,
                           describe: @escaping () -> Description?) -> [BusInterface] {
        weak let weakModel = model
        func current() throws -> (AccessibleModel, Description) {
            guard let model = weakModel, let description = describe() else {
                throw BusMethodError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "the notification is gone")
            }
            return (model, description)
        }
        let accessible = BusInterface(name: ATSPI.accessibleInterface, methods: accessibleMethods) { call in
            let (model, object) = try current()
            return BusReply([try accessibleAnswer(call, model, object)])
        }
        let properties = BusInterface(name: "org.freedesktop.DBus.Properties", methods: propertyMethods) { call in
            let (model, object) = try current()
            let interface = call.arguments.first?.stringValue ?? ""
            var values = propertyValues(interface, model, object)
            if !isRoot, interface == ATSPI.applicationInterface { values = [] }
            switch call.member {
            case "GetAll":
                return BusReply([.dict(values.map { BusDictEntry(key: .string($0.0), value: .variant($0.1)) },
                                       keySignature: "s", valueSignature: "v")])
            case "Get":
                let name = call.arguments.count > 1 ? call.arguments[1].stringValue ?? "" : ""
                guard let value = values.first(where: { $0.0 == name })?.1 else {
                    throw BusMethodError.invalidArgs("no property \(name) in \(interface)")
                }
                return BusReply([.variant(value)])
            default:  // Set: only the registry's application id is writable
                guard isRoot, interface == ATSPI.applicationInterface, call.arguments.count == 3,
                      call.arguments[1].stringValue == "Id", let id = call.arguments[2].integerValue else {
                    throw BusMethodError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "read-only property")
                }
                model.applicationID = Int32(truncatingIfNeeded: id)
                return .empty
            }
        }
        guard isRoot else { return [accessible, properties] }
        let application = BusInterface(name: ATSPI.applicationInterface, methods: [BusMethod("GetLocale", input: "u", output: "s")]) { _ in
            BusReply([.string("")])
        }
        return [accessible, application, properties]
    }

    /// `org.a11y.atspi.Cache` at `/org/a11y/atspi/cache`, which libatspi asks first: empty, so
    /// readers take every property from the objects themselves (always current, no cache
    /// signals to keep in step).
    static let cachePath = "/org/a11y/atspi/cache"
    static let cache = BusInterface(name: "org.a11y.atspi.Cache", methods: [BusMethod("GetItems", output: "a((so)(so)(so)iiassusau)")]) { _ in
        BusReply([.array([], elementSignature: "((so)(so)(so)iiassusau)")])
    }

    private static func accessibleAnswer(_ call: BusCall, _ model: AccessibleModel, _ object: Description) throws -> BusValue {
        switch call.member {
        case "GetChildAtIndex":
            let index = call.arguments.first?.integerValue ?? -1
            return object.children.indices.contains(index) ? object.children[index] : reference("", ATSPI.nullPath)
        case "GetChildren": return .array(object.children, elementSignature: "(so)")
        case "GetIndexInParent": return .int32(object.indexInParent)
        case "GetRelationSet": return .array([], elementSignature: "(ua(so))")
        case "GetRole": return .uint32(object.role)
        case "GetRoleName", "GetLocalizedRoleName": return .string(object.roleName)
        case "GetState": return .array(object.states.map { .uint32($0) }, elementSignature: "u")
        case "GetAttributes": return .dict([], keySignature: "s", valueSignature: "s")
        case "GetApplication": return reference(model.busName, ATSPI.rootPath)
        default: return .stringArray(object.interfaces)  // GetInterfaces
        }
    }

    private static func propertyValues(_ interface: String, _ model: AccessibleModel, _ object: Description) -> [(String, BusValue)] {
        switch interface {
        case ATSPI.accessibleInterface:
            return [("Name", .string(object.name)), ("Description", .string(object.description)), ("Parent", object.parent),
                    ("ChildCount", .int32(Int32(object.children.count))), ("Locale", .string("")),
                    ("AccessibleId", .string("")), ("HelpText", .string(""))]
        case ATSPI.applicationInterface:
            return [("ToolkitName", .string("overlay-wl")), ("Version", .string(OverlayCommand.version)),
                    ("AtspiVersion", .string("2.1")), ("Id", .int32(model.applicationID))]
        default:
            return []
        }
    }
}

extension BusConnection {
    /// Serves every one of `interfaces` at `path`.
    func export(path: String, interfaces: [BusInterface]) throws {
        for interface in interfaces { try export(path: path, interface: interface) }
    }
}

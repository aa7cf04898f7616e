public struct ServerInformation: Equatable, Sendable {
    public var name: String
    public var vendor: String
    public var version: String
    public var specVersion: String

    public init(name: String = "overlay-wl", vendor: String = "overlay-wl", version: String,
                specVersion: String = "1.2") {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }
}

/// The reason argument of NotificationClosed.
public enum CloseReason: UInt32, Sendable {
    case expired = 1, dismissed = 2, closedByCall = 3, undefined = 4
}

/// What the daemon provides to the server. Called on the poll loop's thread, from inside
/// `BusConnection.processPending()`.
public protocol NotificationServerDelegate: AnyObject {
    /// Shows (or replaces, per `request.replacesID` / `synchronousTag`) a notification;
    /// returns its id (never 0). The request is handed over, not copied.
    func notify(_ request: consuming NotifyRequest) -> UInt32
    /// Closes notification `id`; false if there is no such notification (the caller then
    /// gets org.freedesktop.Notifications.Error.NotFound).
    func closeNotification(id: UInt32) -> Bool
}

/// org.freedesktop.Notifications at /org/freedesktop/Notifications.
public final class NotificationServer {
    public static let busName = "org.freedesktop.Notifications"
    public static let objectPath = "/org/freedesktop/Notifications"
    public static let interfaceName = "org.freedesktop.Notifications"
    public static let notFoundError = "org.freedesktop.Notifications.Error.NotFound"

    public let bus: BusConnection
    public let info: ServerInformation
    public var capabilities: [String]
    public weak var delegate: NotificationServerDelegate?

    /// Exports the object (does not take the name: call `requestName()` once set up).
    public init(bus: BusConnection, info: ServerInformation, capabilities: [String],
                delegate: NotificationServerDelegate) throws {
        self.bus = bus
        self.info = info
        self.capabilities = capabilities
        self.delegate = delegate
        try bus.export(path: Self.objectPath, interface: makeInterface())
    }

    deinit {
        bus.unexport(path: Self.objectPath)
    }

    /// Takes org.freedesktop.Notifications; `BusError.nameTaken` if another daemon has it.
    public func requestName() throws {
        try bus.requestName(Self.busName)
    }

    // MARK: Signals (false if the bus refused it; see `bus.log`)

    @discardableResult
    public func emitClosed(id: UInt32, reason: CloseReason) -> Bool {
        emit("NotificationClosed", [.uint32(id), .uint32(reason.rawValue)])
    }

    @discardableResult
    public func emitActionInvoked(id: UInt32, actionKey: String) -> Bool {
        emit("ActionInvoked", [.uint32(id), .string(actionKey)])
    }

    /// Send before the matching ActionInvoked (spec 1.2).
    @discardableResult
    public func emitActivationToken(id: UInt32, token: String) -> Bool {
        emit("ActivationToken", [.uint32(id), .string(token)])
    }

    private func emit(_ member: String, _ arguments: [BusValue]) -> Bool {
        do {
            try bus.emitSignal(path: Self.objectPath, interface: Self.interfaceName, member: member,
                               arguments: arguments)
            return true
        } catch {
            bus.log?("could not emit \(member): \(error)")
            return false
        }
    }

    // MARK: Methods

    private func makeInterface() -> BusInterface {
        BusInterface(
            name: Self.interfaceName,
            methods: [
                Self.notifyMethod,
                BusMethod("CloseNotification", input: "u", inputNames: ["id"]),
                BusMethod("GetCapabilities", output: "as", outputNames: ["capabilities"]),
                BusMethod("GetServerInformation", output: "ssss",
                          outputNames: ["name", "vendor", "version", "spec_version"]),
            ],
            signals: [
                BusSignal("NotificationClosed", signature: "uu", argumentNames: ["id", "reason"]),
                BusSignal("ActionInvoked", signature: "us", argumentNames: ["id", "action_key"]),
                BusSignal("ActivationToken", signature: "us", argumentNames: ["id", "activation_token"]),
                BusSignal("NotificationReplied", signature: "us", argumentNames: ["id", "text"]),
            ],
            handler: { [weak self] call in
                guard let self else { throw BusMethodError.failed("the notification server is shutting down") }
                return try self.handle(call)
            })
    }

    static let notifySignature = "susssasa{sv}i"

    /// Read straight into a `NotifyRequest`: the call a flood is made of.
    private static let notifyMethod: BusMethod = {
        var method = BusMethod("Notify", input: notifySignature, output: "u",
                               inputNames: ["app_name", "replaces_id", "app_icon", "summary", "body", "actions",
                                            "hints", "expire_timeout"],
                               outputNames: ["id"])
        method.decodesArguments = false
        return method
    }()

    private func handle(_ call: BusCall) throws -> BusReply {
        switch call.member {
        case "Notify":
            guard let reader = call.reader else { throw BusMethodError.failed("Notify: the message was not handed over") }
            let request: NotifyRequest
            do {
                request = try NotifyRequest(reading: reader, sender: call.sender)
            } catch {
                throw BusMethodError.invalidArgs("malformed Notify arguments: \(error)")
            }
            return BusReply([.uint32(try requireDelegate().notify(request))])
        case "CloseNotification":
            guard case .uint32(let id) = call.arguments.first else {
                throw BusMethodError.invalidArgs("CloseNotification takes a notification id")
            }
            // The delegate reports the close (NotificationClosed 3) once its view is dismissed.
            guard try requireDelegate().closeNotification(id: id) else {
                throw BusMethodError(name: Self.notFoundError, message: "no notification with id \(id)")
            }
            return .empty
        case "GetCapabilities":
            return BusReply([.stringArray(capabilities)])
        case "GetServerInformation":
            return BusReply([.string(info.name), .string(info.vendor), .string(info.version),
                             .string(info.specVersion)])
        default:
            throw BusMethodError.unknownMethod("no method \(call.member)")
        }
    }

    private func requireDelegate() throws -> NotificationServerDelegate {
        guard let delegate else { throw BusMethodError.failed("the notification daemon is not ready") }
        return delegate
    }
}

/// A method of an exported interface. Signatures are D-Bus signatures ("susssasa{sv}i");
/// argument names are only used for introspection.
public struct BusMethod: Sendable {
    public var name: String
    public var inputSignature: String
    public var outputSignature: String
    public var inputNames: [String]
    public var outputNames: [String]
    /// False: the handler reads the arguments itself from `BusCall.reader` (a hot call with a
    /// fixed shape skips building generic values); `arguments` is then empty.
    var decodesArguments = true

    public init(_ name: String, input: String = "", output: String = "",
                inputNames: [String] = [], outputNames: [String] = []) {
        self.name = name
        self.inputSignature = input
        self.outputSignature = output
        self.inputNames = inputNames
        self.outputNames = outputNames
    }

    /// What a call is checked and answered by, without copying the names.
    var signatures: (input: String, output: String, decodesArguments: Bool) {
        (inputSignature, outputSignature, decodesArguments)
    }
}

/// A signal of an exported interface (for introspection; emit with `BusConnection.emitSignal`).
public struct BusSignal: Sendable {
    public var name: String
    public var signature: String
    public var argumentNames: [String]

    public init(_ name: String, signature: String = "", argumentNames: [String] = []) {
        self.name = name
        self.signature = signature
        self.argumentNames = argumentNames
    }
}

/// An incoming method call whose arguments already match the method's input signature.
public struct BusCall {
    public var path: String
    public var interface: String
    public var member: String
    /// Unique name of the caller (":1.42"), when the bus says.
    public var sender: String?
    public var arguments: [BusValue]
    /// The message's arguments, for a method that reads them itself; valid only inside the handler.
    var reader: BusMessageReader? = nil

    public init(path: String = "", interface: String = "", member: String, sender: String? = nil, arguments: [BusValue] = []) {
        self.path = path
        self.interface = interface
        self.member = member
        self.sender = sender
        self.arguments = arguments
    }

    init(path: String, interface: String, member: String, sender: String?, arguments: [BusValue], reader: BusMessageReader?) {
        self.init(path: path, interface: interface, member: member, sender: sender, arguments: arguments)
        self.reader = reader
    }
}

/// The values of a successful method return; they must match the method's output signature.
public struct BusReply {
    public var values: [BusValue]

    public init(_ values: [BusValue] = []) {
        self.values = values
    }

    public static let empty = BusReply()
}

/// An interface to export on an object path. The handler runs inside
/// `BusConnection.processPending()`, on the poll loop's thread; throw `BusMethodError`
/// to answer with a D-Bus error.
public struct BusInterface {
    public var name: String
    public var methods: [BusMethod]
    public var signals: [BusSignal]
    public var handler: (BusCall) throws -> BusReply

    public init(name: String, methods: [BusMethod], signals: [BusSignal] = [],
                handler: @escaping (BusCall) throws -> BusReply) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.handler = handler
    }
}

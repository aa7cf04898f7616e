/// Builds the `org.freedesktop.DBus.Introspectable.Introspect` answer for an object.
enum Introspection {
    static let interfaceName = "org.freedesktop.DBus.Introspectable"

    static func xml(for interfaces: [BusInterface]) -> String {
        var out = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect">
           <arg name="xml_data" type="s" direction="out"/>
          </method>
         </interface>
         <interface name="org.freedesktop.DBus.Peer">
          <method name="Ping"/>
          <method name="GetMachineId">
           <arg name="machine_uuid" type="s" direction="out"/>
          </method>
         </interface>

        """
        for interface in interfaces {
            out += " <interface name=\"\(escape(interface.name))\">\n"
            for method in interface.methods {
                let args = arguments(method.inputSignature, method.inputNames, direction: "in")
                    + arguments(method.outputSignature, method.outputNames, direction: "out")
                element("method", method.name, args, into: &out)
            }
            for signal in interface.signals {
                element("signal", signal.name, arguments(signal.signature, signal.argumentNames, direction: nil),
                        into: &out)
            }
            out += " </interface>\n"
        }
        out += "</node>\n"
        return out
    }

    private static func element(_ kind: String, _ name: String, _ args: [String], into out: inout String) {
        if args.isEmpty {
            out += "  <\(kind) name=\"\(escape(name))\"/>\n"
            return
        }
        out += "  <\(kind) name=\"\(escape(name))\">\n"
        for arg in args { out += "   " + arg + "\n" }
        out += "  </\(kind)>\n"
    }

    private static func arguments(_ signature: String, _ names: [String], direction: String?) -> [String] {
        let types = BusSignature.split(signature) ?? []
        return types.enumerated().map { index, type in
            let name = index < names.count ? " name=\"\(escape(names[index]))\"" : ""
            let dir = direction.map { " direction=\"\($0)\"" } ?? ""
            return "<arg\(name) type=\"\(escape(type))\"\(dir)/>"
        }
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }
}

import Foundation

/// A minimal D-Bus client in python3 (stdlib only), for what gdbus and notify-send cannot do:
/// bodies larger than an argv string, and thousands of calls pipelined on one connection.
extension Rig {
    /// Connects (EXTERNAL auth, Hello) and defines `msg`, `notify_msg` and `read_msg`.
    static let wireClient = #"""
import json, os, socket, struct, sys, time
def pad(b, n): return b + b"\0" * (-len(b) % n)
def s(b, v): b = pad(b, 4); e = v.encode(); return b + struct.pack("<I", len(e)) + e + b"\0"
def g(b, v): e = v.encode(); return b + bytes([len(e)]) + e + b"\0"
def u(b, v, f="<I"): return pad(b, 4) + struct.pack(f, v)
def field(b, code, sig, val):
    b = g(pad(b, 8) + bytes([code]), sig)
    return (s if sig in "so" else g)(b, val)
def msg(serial, path, iface, member, dest, sig, body):
    f = field(field(field(field(b"", 1, "o", path), 2, "s", iface), 3, "s", member), 6, "s", dest)
    if sig: f = field(f, 8, "g", sig)
    return pad(b"l\x01\x00\x01" + struct.pack("<III", len(body), serial, len(f)) + f, 8) + body
def notify_msg(serial, summary, body, timeout):
    b = s(s(u(s(b"", "overlay-wl-tests"), 0), ""), summary); b = s(b, body)
    b = pad(u(u(b, 0), 0), 8)  # actions: empty as; hints: empty a{sv} (length, dict-entry alignment)
    b = u(b, int(timeout), "<i")
    return msg(serial, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
               "org.freedesktop.Notifications", "susssasa{sv}i", b)
def recv(n):
    global buf
    while len(buf) < n:
        d = sock.recv(65536)
        if not d: sys.exit("connection closed")
        buf += d
    r, buf = buf[:n], buf[n:]
    return r
def read_msg():  # (type, {header field code: value}, body) of the next message
    h = recv(16); blen, _, flen = struct.unpack("<III", h[4:16])
    raw = recv(flen + (-flen % 8)); body = recv(blen); j = 0; fields = {}
    while j < flen:
        j += -j % 8; code, sl = raw[j], raw[j + 1]; sig = raw[j + 2:j + 2 + sl].decode(); j += 3 + sl
        if sig in "uso": j += -j % 4
        if sig == "u": v = struct.unpack("<I", raw[j:j + 4])[0]; j += 4
        elif sig in "so": l = struct.unpack("<I", raw[j:j + 4])[0]; v = raw[j + 4:j + 4 + l].decode(); j += 5 + l
        else: l = raw[j]; v = raw[j + 1:j + 1 + l].decode(); j += 2 + l
        fields[code] = v
    return h[1], fields, body
addr = os.environ["DBUS_SESSION_BUS_ADDRESS"].split("path=", 1)[1].split(",")[0]
sock = socket.socket(socket.AF_UNIX); sock.connect(addr); buf = b""
sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\nBEGIN\r\n")
line = b""
while not line.endswith(b"\r\n"): line += sock.recv(1)
if not line.startswith(b"OK"): sys.exit("auth failed: %r" % line)
sock.sendall(msg(1, "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", "org.freedesktop.DBus", "", b""))
while read_msg()[1].get(5) != 1: pass

"""#

    /// What a pipelined flood saw: every reply and every NotificationClosed for its ids.
    struct FloodReport: Decodable {
        let replies: Int
        /// Error replies by error name.
        let errors: [String: Int]
        let ids: [UInt32]
        /// NotificationClosed signals per id, and their reasons.
        let closed: [String: [UInt32]]
    }

    /// Sends `count` Notify calls (each expiring after `expireMs`) in one write on one connection,
    /// then reads replies and NotificationClosed signals until every id closed or `wait` passed,
    /// and one more second for duplicates.
    func notifyFlood(count: Int, expireMs: Int, wait: TimeInterval) throws -> FloodReport {
        let out = run(["python3", "-c", Rig.floodScript, String(count), String(expireMs), String(wait)],
                      timeout: wait + 30)
        guard out.succeeded else { throw HarnessError.failed("python flood failed: \(out)") }
        return try JSONDecoder().decode(FloodReport.self, from: Data(out.stdout.utf8))
    }

    static let floodScript = wireClient + #"""
n, timeout, wait = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
rule = "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'"
sock.sendall(msg(2, "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", "org.freedesktop.DBus", "s", s(b"", rule)))
while read_msg()[1].get(5) != 2: pass
sock.sendall(b"".join(notify_msg(3 + i, "Flood %d" % i, "pipelined %d" % i, timeout) for i in range(n)))
ids, errors, closed = {}, {}, {}
end = time.time() + wait; extra = None
while time.time() < (extra or end):
    sock.settimeout(max(0.01, (extra or end) - time.time()))
    try: kind, fields, body = read_msg()
    except socket.timeout: break
    serial = fields.get(5)
    if kind == 2 and serial is not None and 3 <= serial < 3 + n: ids[serial] = struct.unpack("<I", body[:4])[0]
    elif kind == 3 and serial is not None and 3 <= serial < 3 + n: errors[fields.get(4)] = errors.get(fields.get(4), 0) + 1; ids[serial] = 0
    elif kind == 4 and fields.get(3) == "NotificationClosed":
        i, r = struct.unpack("<II", body[:8]); closed.setdefault(str(i), []).append(r)
    if extra is None and len(ids) == n and all(str(i) in closed for i in ids.values()): extra = time.time() + 1
mine = set(str(i) for i in ids.values())
print(json.dumps({"replies": len(ids), "errors": errors, "ids": [ids[k] for k in sorted(ids)],
                  "closed": {k: v for k, v in closed.items() if k in mine}}))
"""#
}

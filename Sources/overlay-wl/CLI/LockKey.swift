import FoundationEssentials

/// The lock keys `overlay-wl osd caps-lock` (`num-lock`, `scroll-lock`) shows the state of, read
/// from the keyboards' LEDs under /sys/class/leds (world-readable; a keyboard has one of each,
/// and the state is on when any keyboard's is lit). Bound to the key's release in sway, when the
/// LED has changed.
enum LockKey: String, CaseIterable {
    case capsLock = "caps-lock", numLock = "num-lock", scrollLock = "scroll-lock"

    static let ledDirectory = "/sys/class/leds"
    /// The icon shown when none is given: Adwaita's keyboard.
    static let icon = "input-keyboard-symbolic"

    /// "Caps Lock".
    var title: String { rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
    /// The kernel's LED function (`input3::capslock`).
    var ledFunction: String { rawValue.filter { $0 != "-" } }

    /// Why a state could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// The message shown for a state: "Caps Lock on".
    func label(on: Bool) -> String { "\(title) \(on ? "on" : "off")" }

    /// On when any of this key's LEDs in `directory` is lit, or the LED named `led` is. Throws
    /// when there is none to read, naming where it looked.
    func isOn(led: String? = nil, in directory: String = ledDirectory) throws -> Bool {
        let names: [String]
        if let led {
            guard !led.isEmpty, !led.contains("/"), led != ".", led != ".." else {
                throw Unreadable(description: "--led takes a name under \(directory), got \(OSDCommand.quoted(led))")
            }
            names = [led]
        } else {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            names = entries.filter { $0.hasSuffix("::" + ledFunction) }.sorted()
            guard !names.isEmpty else {
                throw Unreadable(description: "no \(title) LED under \(directory) (a keyboard's is named like input3::\(ledFunction); name one with --led)")
            }
        }
        var lit = false
        for name in names {
            let path = "\(directory)/\(name)/brightness"
            guard let text = try? readTextFile(path), let word = text.split(whereSeparator: \.isWhitespace).first,
                  let brightness = Int(word) else {
                throw Unreadable(description: "cannot read \(title)'s LED: \(path)")
            }
            lit = lit || brightness > 0
        }
        return lit
    }
}

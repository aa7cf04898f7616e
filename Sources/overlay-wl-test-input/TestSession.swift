import Glibc

/// The command loop: one virtual pointer (KWin: fake input), optional test windows, stdin read
/// alongside Wayland.
final class TestSession {
    private let client: TestClient
    private let pointer: PointerInjecting
    /// Created at the first `key` command (no keyboard appears on the seat otherwise).
    private var keyboard: VirtualKeyboardDevice?
    private var windows: [TestWindow] = []
    private var pendingInput: [UInt8] = []

    init(outputName: String?) throws {
        client = try TestClient()
        pointer = client.pointerManager == nil && client.fakeInput != nil
            ? try FakeInputPointerDevice(client: client)
            : try VirtualPointerDevice(client: client, outputName: outputName)
        client.onCapabilities = { [unowned self] caps in windows.forEach { $0.bindPointer(caps) } }
        try client.roundtrip()
        // A new virtual pointer's first events are lost until the seat has the pointer.
        try client.pump(for: 1.0) { client.hasPointerCapability }
        try client.pump(for: 0.2)
    }

    /// Runs until `quit` or end of input.
    func run(reply: (String) -> Void) {
        while true {
            guard let line = nextLine() else { return }
            do {
                guard let command = try Command.parse(line[...]) else { continue }
                try execute(command)
                try client.roundtrip()
                reply("ok")
                if case .quit = command { return }
            } catch {
                reply("error \(error)")
            }
        }
    }

    /// The virtual keyboard, made at its first use (no keyboard appears on the seat otherwise).
    private func virtualKeyboard() throws -> VirtualKeyboardDevice {
        if let keyboard { return keyboard }
        let made = try VirtualKeyboardDevice(client: client)
        keyboard = made
        try client.pump(for: 0.2)  // let the seat take the new keyboard and its keymap
        return made
    }

    private func execute(_ command: Command) throws {
        switch command {
        case .move(let x, let y): pointer.move(to: x, y)
        case .down(let button): pointer.button(button, pressed: true)
        case .up(let button): pointer.button(button, pressed: false)
        case .click(let x, let y, let button):
            pointer.move(to: x, y)
            pointer.button(button, pressed: true)
            pointer.button(button, pressed: false)
        case .scroll(let axis, let amount): pointer.scroll(axis, by: amount)
        case .drag(let from, let to, let milliseconds, let steps):
            pointer.move(to: from.0, from.1)
            pointer.button(.left, pressed: true)
            try glide(from: from, to: to, milliseconds: milliseconds, steps: steps) { pointer.move(to: $0, $1) }
            pointer.button(.left, pressed: false)
        case .swipe(let from, let to, let milliseconds, let steps):
            guard let finger = pointer as? FakeInputPointerDevice else {
                throw CommandError("swipe: touch needs org_kde_kwin_fake_input (KWin); this compositor has no virtual touch device")
            }
            finger.touch(.down, at: from.0, from.1)
            try glide(from: from, to: to, milliseconds: milliseconds, steps: steps) { finger.touch(.motion, at: $0, $1) }
            finger.touch(.up, at: to.0, to.1)
        case .sleep(let milliseconds): try client.pump(for: Double(milliseconds) / 1000)
        case .type(let text):
            let keyboard = try virtualKeyboard()
            for character in text {
                let code = VirtualKeyboardDevice.code(typing: character)!
                keyboard.key(code, pressed: true)
                keyboard.key(code, pressed: false)
                try client.roundtrip()
            }
        case .hold(let name, let milliseconds):
            let keyboard = try virtualKeyboard()
            let code = VirtualKeyboardDevice.codes[name]!
            keyboard.key(code, pressed: true)
            client.flush()
            try client.pump(for: Double(milliseconds) / 1000)
            keyboard.key(code, pressed: false)
        case .chord(let modifier, let key):
            let keyboard = try virtualKeyboard()
            let held = VirtualKeyboardDevice.codes[modifier]!, code = VirtualKeyboardDevice.codes[key]!
            keyboard.key(held, pressed: true)
            keyboard.modifiers(control: true)
            keyboard.key(code, pressed: true)
            keyboard.key(code, pressed: false)
            keyboard.key(held, pressed: false)
            keyboard.modifiers(control: false)
        case .key(let name, let shifted):
            _ = try virtualKeyboard()
            let shift = VirtualKeyboardDevice.codes["shift"]!, code = VirtualKeyboardDevice.codes[name]!
            if shifted { keyboard!.key(shift, pressed: true) }
            keyboard!.key(code, pressed: true)
            keyboard!.key(code, pressed: false)
            if shifted { keyboard!.key(shift, pressed: false) }
        case .window(let appID, let width, let height, let stripes):
            let window = try TestWindow(client: client, appID: appID, width: width, height: height, stripes: stripes)
            windows.append(window)
            try client.pump(for: 3) { window.isMapped }
            guard window.isMapped else { throw CommandError("window: not configured within 3 s") }
            try client.pump(for: 0.1)
        case .scale(let factor): try OutputScaler.apply(factor, client: client)
        case .quit: break
        }
    }

    /// Moves from `from` to `to` in `steps` equal steps over `milliseconds`, dispatching between them.
    private func glide(from: (Double, Double), to: (Double, Double), milliseconds: Int, steps: Int,
                       _ move: (Double, Double) -> Void) throws {
        client.flush()
        let interval = Double(milliseconds) / 1000 / Double(steps)
        for step in 1...steps {
            try client.pump(for: interval)
            let t = Double(step) / Double(steps)
            move(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
            client.flush()
        }
    }

    /// The next stdin line, dispatching Wayland events while waiting; nil at end of input.
    private func nextLine() -> String? {
        while true {
            if let newline = pendingInput.firstIndex(of: 0x0A) {
                let line = String(decoding: pendingInput[..<newline], as: UTF8.self)
                pendingInput.removeSubrange(...newline)
                return line
            }
            guard (try? client.dispatchOnce(timeoutMilliseconds: -1, extraFD: 0)) != nil else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { continue }
            let n = read(0, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if pendingInput.isEmpty { return nil }
                pendingInput.append(0x0A)
                continue
            }
            pendingInput += chunk[..<n]
        }
    }
}

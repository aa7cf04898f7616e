import OverlayEngine

/// What a control of a drawer's view file does, read from its action id: `hook:NAME` runs
/// `[hooks].NAME` with the control's value, `mode:NAME` turns a mode on or off; any other action
/// is only reported (the `ViewAction` signal).
public enum ControlBinding: Equatable, Sendable {
    case hook(String)
    case mode(String)
    case signal(String)

    public init(action: String) {
        if action.hasPrefix("hook:"), action.count > 5 {
            self = .hook(String(action.dropFirst(5)))
        } else if action.hasPrefix("mode:"), action.count > 5 {
            self = .mode(String(action.dropFirst(5)))
        } else {
            self = .signal(action)
        }
    }

    /// The value as the hook's last argument: `true`/`false`, a number without a needless
    /// fraction (`40`, `0.25`), the text; nil for a button (no argument).
    public static func argument(_ value: ViewActionValue) -> String? {
        switch value {
        case .none: nil
        case .bool(let on): on ? "true" : "false"
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .text(let text): text
        }
    }

    /// The command a control's action runs: the hook's argv with the value appended as one
    /// argument, and the action and value in the environment. Nil for an action not bound to a
    /// hook; an error for a hook the config does not define.
    public static func command(for action: ViewAction, hooks: [String: [String]]) throws(SettingError) -> HookCommand? {
        guard case .hook(let name) = ControlBinding(action: action.action) else { return nil }
        guard let argv = hooks[name], !argv.isEmpty else {
            throw SettingError(action.action, "no hook '\(name)' in [hooks]")
        }
        let value = argument(action.value)
        return HookCommand(name: name, argv: argv + (value.map { [$0] } ?? []),
                           environment: ["OVERLAY_WL_ACTION": action.action, "OVERLAY_WL_VALUE": value ?? ""])
    }

    /// What is wrong with the bindings of `tree`: hooks the config lacks, mode names that are
    /// not names. One message per control, in tree order.
    public static func problems(in tree: ViewNode, hooks: [String: [String]]) -> [String] {
        tree.controlActions.compactMap { action in
            switch ControlBinding(action: action) {
            case .hook(let name) where hooks[name] == nil: "'\(action)': no hook '\(name)' in [hooks]"
            case .mode(let name):
                (try? ModeSet().adding(name)) == nil ? "'\(action)': '\(name)' is not a mode name" : nil
            default: nil
            }
        }
    }

    /// `tree` with every toggle bound to `mode:NAME` on exactly when NAME is active.
    public static func showingModes(_ tree: ViewNode, active: Set<String>) -> ViewNode {
        var node = tree
        if case .toggle(let isOn, let action) = node.kind, case .mode(let name) = ControlBinding(action: action),
           isOn != active.contains(name) {
            node.kind = .toggle(isOn: !isOn, action: action)
        }
        node.children = node.children.map { showingModes($0, active: active) }
        return node
    }
}

/// A hook to start: argv (never a shell line) and the variables added to its environment.
public struct HookCommand: Equatable, Sendable {
    public var name: String
    public var argv: [String]
    public var environment: [String: String]
}

extension ViewNode {
    /// The actions of every button, toggle, slider and text field, depth first.
    public var controlActions: [String] {
        let own: [String] = switch kind {
        case .button(let action, _), .toggle(_, let action), .slider(_, _, _, let action): [action]
        case .textField(let field): [field.submitAction]
        default: []
        }
        return own + children.flatMap(\.controlActions)
    }
}

extension ModeSet {
    /// A copy with `mode` added (checks the name).
    func adding(_ mode: String) throws(SettingError) -> ModeSet {
        var copy = self
        try copy.add(mode)
        return copy
    }
}

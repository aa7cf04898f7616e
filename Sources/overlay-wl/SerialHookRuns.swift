/// The hooks of one control run one at a time, and only the newest value waits: a slider dragged
/// or stepped faster than its hook runs gives `pactl` its values in order and ends on the last,
/// never on whichever process happened to finish last. One waiting command per control at most.
/// A value type: it takes events and returns the command to start; the caller starts it.
struct SerialHookRuns<Command> {
    /// Controls whose command is running.
    private var running: Set<String> = []
    /// The newest command of each running control, to start when it finishes.
    private var waiting: [String: Command] = [:]

    /// `command` of `control` was asked for: returned to start now, or kept (replacing what
    /// waited) until the running one finishes.
    mutating func request(_ command: Command, control: String) -> Command? {
        if running.contains(control) {
            waiting[control] = command
            return nil
        }
        running.insert(control)
        return command
    }

    /// The command of `control` has finished (or could not start): the waiting one, if any, is
    /// returned to start now.
    mutating func finished(control: String) -> Command? {
        if let next = waiting.removeValue(forKey: control) { return next }
        running.remove(control)
        return nil
    }

    /// Controls with a command running.
    var runningCount: Int { running.count }
    /// Commands waiting, at most one per running control.
    var waitingCount: Int { waiting.count }
}

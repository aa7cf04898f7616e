import ArgumentParser
import FoundationEssentials
import OverlayConfig

/// `overlay-wl tour FILE`: help tips shown one after another in the `tour` container
/// (oneByOneWaitFinish): each step appears when the previous one is dismissed.
struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Show a sequence of help tips, each after the previous one is dismissed; print their ids.",
        discussion: """
            FILE is a JSON array of steps, each an object with a target ("at": "X,Y[,W,H]" with an \
            optional "output", or "window": "app_id=ID|title=TEXT|title~=REGEX|con_id=N|focused") \
            and "title" and/or "body". Every step is checked before any is shown.
            """)

    @Argument(help: "The tour file (JSON).", completion: .file(extensions: ["json"])) var file: String

    /// The Show settings of every step; throws one clear line for the first bad step.
    static func steps(from data: Data, source: String) throws -> [[(String, SettingValue)]] {
        do {
            return try TourFile.steps(from: data, source: source, container: TipsFrontend.tourName)
        } catch {
            throw TipError(error.description)
        }
    }

    func run() throws {
        let steps: [[(String, SettingValue)]]
        do {
            steps = try Self.steps(from: Data(try readTextFile(file).utf8), source: file)
        } catch { throw fail("\(error)") }
        let client = try ControlClient()
        var shown: [UInt32] = []
        for step in steps {
            do {
                shown.append(try client.uint("Show", [ShowRequest.options(step)]))
            } catch {
                // All or nothing: take back the steps already queued.
                for id in shown { _ = try? client.call("Dismiss", [.uint32(id), .bool(false)]) }
                throw error
            }
        }
        for id in shown { printNow(String(id)) }
    }
}

import FoundationEssentials  // JSONDecoder, without ICU

/// A tour file (`overlay-wl tour FILE`): a JSON array of steps, each an object of strings with a
/// target ("at" or "window") and a title and/or body. Every step is checked before any is shown.
public enum TourFile {
    public static let stepKeys = ["at", "output", "window", "title", "body"]

    /// A tour file that cannot be used; `description` is one clear line naming the file and step.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The Show settings of every step, each starting with `container`; throws for the first bad step.
    public static func steps(from data: Data, source: String, container: String) throws(Problem) -> [[(String, SettingValue)]] {
        guard let list = try? JSONDecoder().decode([[String: String]].self, from: data) else {
            throw Problem(description: "\(source): expected a JSON array of steps, objects whose values are strings")
        }
        guard !list.isEmpty else { throw Problem(description: "\(source): the tour has no steps") }
        var steps: [[(String, SettingValue)]] = []
        for (index, step) in list.enumerated() {
            var settings: [(String, SettingValue)] = [("container", .string(container))]
            for key in stepKeys {
                if let text = step[key] { settings.append((key, .string(text))) }
            }
            if let unknown = step.keys.first(where: { !stepKeys.contains($0) }) {
                throw Problem(description: "\(source): step \(index + 1): unknown key \"\(unknown)\" (known: \(stepKeys.joined(separator: ", ")))")
            }
            guard (step["at"] == nil) != (step["window"] == nil) else {
                throw Problem(description: "\(source): step \(index + 1): give exactly one of \"at\" or \"window\"")
            }
            steps.append(settings)
        }
        return steps
    }
}

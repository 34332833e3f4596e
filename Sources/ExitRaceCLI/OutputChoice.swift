import ExitRace

/// The one `--format` of every command: each command declares which of these it writes (the
/// first its default), and the parser refuses the others with one message.
enum OutputChoice: String, CaseIterable, Sendable {
    case text, md, json, jsonl, html

    /// The format a `--format` value names: its name, or `markdown`, a synonym of `md`.
    init?(spelling: String) {
        self.init(rawValue: spelling == Self.markdownSynonym ? Self.md.rawValue : spelling)
    }

    /// What `--format` also accepts for `md`.
    static let markdownSynonym = "markdown"

    /// `text`, `text or md`, `text, md, json or jsonl`.
    static func list(_ formats: [OutputChoice]) -> String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// The table format of `run` and `merge`, for the formats it has.
    var tableFormat: OutputFormat? { OutputFormat(rawValue: rawValue) }
}

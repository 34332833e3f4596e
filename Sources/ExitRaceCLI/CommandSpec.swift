import Foundation

/// One command, declared once: its name, its options, its help around them, and what runs it.
/// ``Tool/registry`` lists them all; dispatch, `help COMMAND`, `COMMAND --help`, suggestions for a
/// mistyped command and usage errors all read it. A new command is a file with its
/// `CommandSpec` and one line in the registry.
struct CommandSpec: Sendable {
    var name: String
    /// Its lines in the tool's help (`exitrace --help`): the usage and what it does, in one line or a few.
    var summary: String
    /// The help before the options: the usage lines and what the command does.
    var about: String
    var options: [OptionSpec]
    /// The help after the options (exit codes, examples), if any.
    var epilogue: String = ""
    /// Runs the command on its arguments (the command name removed).
    var run: @Sendable ([String], ToolEnvironment) -> ToolOutput

    /// Whether `argument` (`--name` or `--name=value`) is one of the command's options.
    func declares(_ argument: String) -> Bool {
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return options.contains { $0.spellings.contains(name) } || name == "--help"
    }

    /// The command's help: `about`, the options as declared, then `epilogue`.
    var help: String {
        var text = about
        if !options.isEmpty { text += "\nOPTIONS\n" + OptionHelp.render(options) }
        if !epilogue.isEmpty { text += "\n" + epilogue }
        return text
    }
}

/// The OPTIONS section of a command's help, made from its declarations: each option's spellings
/// and placeholder, then its help wrapped beside them, then its default and range.
enum OptionHelp {
    /// The widest line of help.
    static let width = 100
    /// Where help text starts: two columns after the widest label, from 23 to 25; a label too
    /// long for that gets a line of its own.
    static let columns = 23...25

    static func render(_ options: [OptionSpec]) -> String {
        let entries = options.flatMap(entries)
        let widest = (entries.map { $0.label.count }.max() ?? 0) + 4
        let column = min(columns.upperBound, max(columns.lowerBound, widest))
        return entries.map { line(label: $0.label, help: $0.help, column: column) }.joined()
    }

    /// A label (`-o, --output FILE`) and its help per line of the section: one per format of `--format`.
    static func entries(_ option: OptionSpec) -> [(label: String, help: String)] {
        let names = ([option.alias].compactMap { $0 } + [option.name]).joined(separator: ", ")
        switch option.kind {
        case .flag: return [(names, withDefault(option))]
        case .text(let placeholder), .whole(let placeholder, _): return [("\(names) \(placeholder)", withDefault(option))]
        case .format(let list):
            return list.enumerated().map { index, entry in
                let synonym = entry.format == .md ? "; also --format \(OutputChoice.markdownSynonym)" : ""
                return ("--format \(entry.format.rawValue)", entry.help + synonym + (index == 0 ? " (default)" : ""))
            }
        }
    }

    /// The help and its default; a short default (`(default 2; 0 to 8)`) is kept on one line.
    static func withDefault(_ option: OptionSpec) -> String {
        guard let words = option.defaultWords else { return option.help }
        return option.help + " " + (words.count <= 32 ? words.replacingOccurrences(of: " ", with: unbreakable) : words)
    }

    /// Stands for a space the wrapping does not break at.
    static let unbreakable = "\u{1F}"

    /// `  LABEL   help…` with the help wrapped at `column`; each line of `help` a paragraph.
    static func line(label: String, help: String, column: Int) -> String {
        let first = "  " + label
        let indent = String(repeating: " ", count: column)
        var lines = [String]()
        var current = first.count + 2 <= column ? first + String(repeating: " ", count: column - first.count) : nil
        if current == nil { lines.append(first) }
        for paragraph in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = paragraph.prefix { $0 == " " }
            var text = current ?? indent + leading
            current = nil
            var empty = true
            for word in paragraph.split(separator: " ") {
                if !empty && text.count + 1 + word.count > width {
                    lines.append(text)
                    text = indent + leading
                    empty = true
                }
                text += (empty ? "" : " ") + word
                empty = false
            }
            lines.append(text)
        }
        return lines.map { $0.replacingOccurrences(of: unbreakable, with: " ") + "\n" }.joined()
    }
}

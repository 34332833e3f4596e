/// One option of a command, declared once: the parser accepts it, checks its value (a whole
/// number in range, a format the command writes) before the command runs, and the command's help
/// prints its line, default and range, all from this declaration.
struct OptionSpec: Sendable {
    /// What the option takes.
    enum Kind: Sendable {
        /// Nothing: present or absent.
        case flag
        /// A value the command reads itself (a path, a name, a setting), shown as `placeholder`.
        case text(placeholder: String)
        /// A whole number in `range`, checked while parsing.
        case whole(placeholder: String, range: ClosedRange<Int>)
        /// One of `formats`, each with its help line, checked while parsing; the first is the default.
        case format([(format: OutputChoice, help: String)])
    }

    /// The default an option's help prints.
    enum Default: Sendable {
        /// None, or one the help line says in its own words.
        case none
        /// A number: the help prints `(default N; FROM to TO)`, N read from the constant the command uses.
        case number(Int)
        /// A value that is not a whole number (`0.02`): the help prints `(default 0.02)`.
        case value(String)
        /// A default that is not one number (`the file's, else 1`): the help prints `(default: words)`.
        case words(String)
    }

    /// The name, e.g. `--max-schedules`.
    var name: String
    /// Another spelling (`-o` for `--output`), read as `name`.
    var alias: String?
    var kind: Kind
    /// Whether the option may be given more than once (`--set`, `--vary`).
    var repeatable = false
    var defaultValue: Default = .none
    /// The help text, one paragraph per line (wrapped when printed); the default is added.
    var help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }

    static func text(
        _ name: String, _ placeholder: String, alias: String? = nil, repeatable: Bool = false,
        default defaultValue: Default = .none, _ help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, alias: alias, kind: .text(placeholder: placeholder), repeatable: repeatable, defaultValue: defaultValue,
            help: help)
    }

    static func whole(
        _ name: String, _ placeholder: String, _ range: ClosedRange<Int>, default defaultValue: Default, _ help: String
    ) -> OptionSpec {
        OptionSpec(name: name, kind: .whole(placeholder: placeholder, range: range), defaultValue: defaultValue, help: help)
    }

    static func format(_ formats: [(format: OutputChoice, help: String)]) -> OptionSpec {
        OptionSpec(name: "--format", kind: .format(formats), help: "")
    }

    /// `--set PATH=VALUE`, repeatable, with this command's help line.
    static func set(_ help: String) -> OptionSpec {
        text("--set", "PATH=VALUE", repeatable: true, help)
    }

    /// `-o, --output FILE`: where the result goes instead of stdout.
    static func output(_ help: String) -> OptionSpec {
        text("--output", "FILE", alias: "-o", help)
    }

    /// `--shard i/n`, with this command's help line.
    static func shard(_ help: String) -> OptionSpec {
        text("--shard", "i/n", help)
    }

    /// Whether the option takes a value.
    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    /// Every spelling the parser accepts.
    var spellings: [String] { [name] + (alias.map { [$0] } ?? []) }

    /// The formats of a `--format` option, in the order declared.
    var formats: [OutputChoice] {
        if case .format(let list) = kind { return list.map(\.format) }
        return []
    }

    /// The usage error for a value the declaration refuses, or nil when it takes `value`.
    func problem(with value: String) -> String? {
        switch kind {
        case .flag, .text: return nil
        case .whole(_, let range):
            guard let number = Int(value), range.contains(number) else {
                return "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(value)'"
            }
            return nil
        case .format(let list):
            guard OutputChoice(spelling: value).map(formats.contains) != true else { return nil }
            return "--format expects \(OutputChoice.list(list.map(\.format))), found '\(value)'"
        }
    }

    /// The words the help prints after the help text: `(default 2; 0 to 8)`, or nothing.
    var defaultWords: String? {
        switch (defaultValue, kind) {
        case (.number(let value), .whole(_, let range)): "(default \(value); \(range.lowerBound) to \(range.upperBound))"
        case (.number(let value), _): "(default \(value))"
        case (.value(let value), _): "(default \(value))"
        case (.words(let words), _): "(default: \(words))"
        case (.none, .whole(_, let range)): "(\(range.lowerBound) to \(range.upperBound))"
        case (.none, _): nil
        }
    }
}

import ExitRace

/// A small, strict command-line argument reader: `--name value`, `--name=value`, flags, and
/// positional arguments; `--` ends the options. Unknown options are errors with a suggestion.
struct Arguments {
    struct UsageError: Error, Equatable {
        var message: String
    }

    private(set) var positional: [String] = []
    private var options: [(name: String, value: String?, spelled: String)] = []

    /// Reads `arguments` by `options`' declarations: an alias is read as its option's name, and a
    /// value the declaration refuses (a whole number out of range, a format not declared) is a
    /// usage error here, before the command runs.
    init(_ arguments: [String], options declared: [OptionSpec]) throws(UsageError) {
        let values = declared.filter(\.takesValue).flatMap(\.spellings)
        let flags = declared.filter { !$0.takesValue }.flatMap(\.spellings)
        try self.init(arguments, valueOptions: values, flags: flags)
        for option in declared {
            for index in options.indices where option.alias == options[index].name { options[index].name = option.name }
            for value in self.values(option.name) {
                if let problem = option.problem(with: value) { throw UsageError(message: problem) }
            }
        }
    }

    /// `valueOptions` take a value; `flags` do not.
    init(_ arguments: [String], valueOptions: [String], flags: [String]) throws(UsageError) {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                if value == nil {
                    guard index < arguments.count else {
                        throw UsageError(message: "option \(name) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                options.append((name, value, name))
            } else if flags.contains(name) {
                guard value == nil else { throw UsageError(message: "option \(name) takes no value") }
                options.append((name, nil, name))
            } else {
                var message = "unknown option \(name)"
                if let space = name.firstIndex(of: " "), valueOptions.contains(String(name[..<space])) {
                    // "--set x=1" quoted as one word: the option and its value must be two.
                    let option = String(name[..<space])
                    message += "; \(option) and its value are two words: \(option) \(argument[argument.index(after: space)...])"
                } else if name.count == 2, let long = (valueOptions + flags).first(where: { $0.hasPrefix("--" + name.dropFirst()) }) {
                    // `-f`: a short option this command does not have; its long one, if any, starts with that letter.
                    message += "; did you mean \(long)?"
                } else if let suggestion = closestMatch(to: name, in: valueOptions + flags + ["--help"]) {
                    message += "; did you mean \(suggestion)?"
                }
                throw UsageError(message: message)
            }
        }
    }

    /// How the user spelled an option given (`-o` for `--output`), or nil when it was not given.
    func spelling(_ name: String) -> String? { options.last { $0.name == name }?.spelled }

    /// The same options with only `path` as positional argument.
    mutating func keepOnlyPositional(_ path: String) { positional = [path] }

    func flag(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    /// The last value given for an option.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value ?? nil }

    /// A whole-number option's value, already checked against its declared range; nil when absent.
    func number(_ option: OptionSpec) -> Int? { value(option.name).flatMap { Int($0) } }

    /// A whole-number option's value, or `defaultValue` (the one its declaration prints) when absent.
    func number(_ option: OptionSpec, default defaultValue: Int) -> Int { number(option) ?? defaultValue }

    /// A whole-number option's value, or its declared number default.
    func number(orDefault option: OptionSpec) -> Int {
        guard case .number(let value) = option.defaultValue else { preconditionFailure("\(option.name) declares no number default") }
        return number(option) ?? value
    }

    /// The `--format` given, checked against the declaration, or the declared default (the first).
    func format(_ option: OptionSpec) -> OutputChoice {
        value(option.name).flatMap(OutputChoice.init(spelling:)) ?? option.formats[0]
    }
}

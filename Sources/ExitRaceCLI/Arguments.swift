import ExitRace

/// A small, strict command-line argument reader: `--name value`, `--name=value`, flags, and
/// positional arguments; `--` ends the options. Unknown options are errors with a suggestion.
struct Arguments {
    struct UsageError: Error, Equatable {
        var message: String
    }

    private(set) var positional: [String] = []
    private var options: [(name: String, value: String?)] = []

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
                options.append((name, value))
            } else if flags.contains(name) {
                guard value == nil else { throw UsageError(message: "option \(name) takes no value") }
                options.append((name, nil))
            } else {
                var message = "unknown option \(name)"
                if let suggestion = closestMatch(to: name, in: valueOptions + flags) {
                    message += "; did you mean \(suggestion)?"
                }
                throw UsageError(message: message)
            }
        }
    }

    /// The same options with only `path` as positional argument.
    mutating func keepOnlyPositional(_ path: String) { positional = [path] }

    func flag(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    /// The last value given for an option.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value ?? nil }
}

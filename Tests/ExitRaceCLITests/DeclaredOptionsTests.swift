import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// Commands and options are declared once (``CommandSpec``, ``OptionSpec``): these tests walk the
/// registry, so a new command or option is covered by its declaration alone.
@Suite("Declared options")
struct DeclaredOptionsTests {
    static let commands = Tool.registry.map(\.name)

    static func spec(_ name: String) -> CommandSpec { Tool.registry.first { $0.name == name }! }

    /// The usage error every refused option gives: the message, then where help is, on stderr only.
    static func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, .badInput, "\(arguments)", sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        expectEqual(
            output.stderr, "exitrace \(arguments[0]): \(message)\nrun 'exitrace \(arguments[0]) --help' for usage\n",
            "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test("the registry names every command once, and help lists them", arguments: commands)
    func registry(command: String) {
        expectEqual(Tool.registry.filter { $0.name == command }.count, 1)
        expectContains(Tool.main(["--help"]).stdout, "exitrace \(command)")
        expectEqual(Tool.main(["help", command]).stdout, Tool.main([command, "--help"]).stdout)
        expectEqual(Tool.main([command, "-h"]).stdout, Self.spec(command).help)
    }

    @Test("--help lists each declared option with its real default and range", arguments: commands)
    func helpListsDeclarations(command: String) {
        let help = Tool.main([command, "--help"]).stdout
        // The wrapped help as one line: a default may be broken across lines.
        let flat = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for option in Self.spec(command).options {
            #expect(help.contains("  \(option.name)") || help.contains(", \(option.name)"), "\(command) \(option.name)")
            switch (option.defaultValue, option.kind) {
            case (.number(let value), .whole(_, let range)):
                expectContains(flat, "(default \(value); \(range.lowerBound) to \(range.upperBound))", "\(command) \(option.name)")
            case (.number(let value), _):
                expectContains(flat, "(default \(value))", "\(command) \(option.name)")
            case (.value(let value), _):
                expectContains(flat, "(default \(value))", "\(command) \(option.name)")
            case (.words(let words), _):
                expectContains(flat, "(default: \(words))", "\(command) \(option.name)")
            case (.none, .format(let formats)):
                expectContains(flat, "--format \(formats[0].format.rawValue)")
                for (format, _) in formats { expectContains(help, "--format \(format.rawValue)", "\(command) \(format)") }
            case (.none, _): break
            }
        }
    }

    @Test("the defaults in help are the constants the commands use")
    func realDefaults() {
        let explore = Tool.main(["explore", "--help"]).stdout
        expectContains(explore, "(default \(ExplorationLimits.defaultMaxSchedules);")
        expectContains(explore, "(default \(ExplorationLimits.defaultBound); 0 to \(ExplorationLimits.maxBound))")
        expectNotContains(explore, "default 100000)")
        let run = Tool.main(["run", "--help"]).stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        expectContains(run, "(default: the file's, else \(SamplingSettings.default.seed))")
        expectContains(run, "else \(TimeFormatting.grouped(SamplingSettings.default.runs)) replications)")
        expectContains(Tool.main(["sweep", "--help"]).stdout, "(default \(SweepSpec.defaultSteps); 2 to")
        expectContains(Tool.main(["explain", "--help"]).stdout, "(default \(Limits.default.maxEvents); 1 to")
    }

    @Test("an unknown option is one usage error, exit 2", arguments: commands)
    func unknownOption(command: String) {
        Self.expectUsageError([command, "--no-such-option"], "unknown option --no-such-option")
    }

    @Test("an option without its value is one usage error, exit 2", arguments: commands)
    func missingValue(command: String) {
        for option in Self.spec(command).options where option.takesValue {
            Self.expectUsageError([command, option.name], "option \(option.name) needs a value")
        }
    }

    @Test("a value out of range, or a format the command does not write, is one usage error, exit 2", arguments: commands)
    func outOfRange(command: String) {
        for option in Self.spec(command).options {
            switch option.kind {
            case .whole(_, let range):
                for value in ["\(range.upperBound + 1)", "\(range.lowerBound - 1)", "many"] {
                    Self.expectUsageError(
                        [command, option.name, value],
                        "\(option.name) expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(value)'")
                }
            case .format(let formats):
                Self.expectUsageError(
                    [command, "--format", "xml"], "--format expects \(OutputChoice.list(formats.map(\.format))), found 'xml'")
            case .flag, .text: break
            }
        }
    }

    @Test("a flag given a value is one usage error, exit 2", arguments: commands)
    func flagWithValue(command: String) {
        for option in Self.spec(command).options where !option.takesValue {
            Self.expectUsageError([command, "\(option.name)=1"], "option \(option.name) takes no value")
        }
    }

    @Test("help and parser agree: each declared spelling parses, and the usage lines name only declared options",
        arguments: commands)
    func helpAndParserAgree(command: String) throws {
        let spec = Self.spec(command)
        for option in spec.options {
            for spelling in option.spellings {
                let value: [String]
                switch option.kind {
                case .flag: value = []
                case .whole(_, let range): value = ["\(range.lowerBound)"]
                case .format(let formats): value = [formats.last!.format.rawValue]
                case .text: value = ["x"]
                }
                let arguments = try Arguments([spelling] + value, options: spec.options)
                // An alias is read as its option.
                #expect(option.takesValue ? arguments.value(option.name) == value.first : arguments.flag(option.name))
            }
        }
        let usage = spec.about.components(separatedBy: "\n\n")[0]
        let declared = Set(spec.options.flatMap(\.spellings))
        let words = usage.split { " []|".contains($0) }.map { $0.prefix { $0 == "-" || $0.isLetter } }
        for name in words where name.hasPrefix("-") && name.dropFirst().first?.isLetter == true || name.hasPrefix("--") {
            #expect(declared.contains(String(name)), "\(command): usage names \(name), which is not declared")
        }
    }

    @Test("an alias is the option: -o and --output give the same value")
    func alias() throws {
        let arguments = try Arguments(["-o", "a"], options: Self.spec("run").options)
        expectEqual(arguments.value("--output"), "a")
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command may know about the world beyond its arguments: environment variables (`CI`),
/// whether stderr is a terminal, and where progress lines go. Tests pass their own.
public struct ToolEnvironment: Sendable {
    public var variables: [String: String]
    public var stderrIsTerminal: Bool
    /// Writes a progress line to stderr at once (not collected into ``ToolOutput``).
    public var progress: @Sendable (String) -> Void
    /// Where commands that produce results as they go (`run`) write them at once; `nil` (tests)
    /// collects them into ``ToolOutput/stdout``.
    public var standardOutput: StandardStream?

    public init(
        variables: [String: String] = [:], stderrIsTerminal: Bool = false,
        progress: @escaping @Sendable (String) -> Void = { _ in }, standardOutput: StandardStream? = nil
    ) {
        self.variables = variables
        self.stderrIsTerminal = stderrIsTerminal
        self.progress = progress
        self.standardOutput = standardOutput
    }

    /// This process's environment.
    public static func process() -> ToolEnvironment {
        ToolEnvironment(
            variables: ProcessInfo.processInfo.environment, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            progress: { line in _ = StandardStream.error.write(line) }, standardOutput: .output)
    }

    /// `CI=true` (or `1`), as CI services set it.
    public var isCI: Bool { ["true", "1"].contains(variables["CI"]?.lowercased() ?? "") }
}

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

    public init(
        variables: [String: String] = [:], stderrIsTerminal: Bool = false,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.variables = variables
        self.stderrIsTerminal = stderrIsTerminal
        self.progress = progress
    }

    /// This process's environment.
    public static func process() -> ToolEnvironment {
        ToolEnvironment(
            variables: ProcessInfo.processInfo.environment, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            progress: { line in _ = StandardStream.error.write(line) })
    }

    /// `CI=true` (or `1`), as CI services set it.
    public var isCI: Bool { ["true", "1"].contains(variables["CI"]?.lowercased() ?? "") }
}

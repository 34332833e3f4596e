/// What one invocation of the command-line tool produced. The executable writes `stdout` and
/// `stderr` and exits with `exitCode`; tests look at the same value.
public struct ToolOutput: Equatable, Sendable {
    public var stdout: String = ""
    public var stderr: String = ""
    public var exitCode: ExitCode = .success

    public init(stdout: String = "", stderr: String = "", exitCode: ExitCode = .success) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }
}

/// The exit codes, as documented in `exitrace --help` and the README.
///
/// A typed enum so that no command can exit with a code the documentation does not name.
public enum ExitCode: Int32, Equatable, Sendable {
    /// Success (for `diff` and the checks: no difference).
    case success = 0
    /// A comparison found a difference, or a check found results that drifted.
    case difference = 1
    /// Bad input or usage, or output that could not be written.
    case badInput = 2
}

/// What one invocation of the command-line tool produced. The executable writes `stdout` and
/// `stderr` and exits with `exitCode`; tests look at the same value.
public struct ToolOutput: Equatable, Sendable {
    public var stdout: String = ""
    public var stderr: String = ""
    public var exitCode: Int32 = ExitCode.success

    public init(stdout: String = "", stderr: String = "", exitCode: Int32 = ExitCode.success) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }
}

/// The exit codes, as documented in `exitrace --help` and the README.
public enum ExitCode {
    /// Success.
    public static let success: Int32 = 0
    /// A comparison found a difference, or a check failed.
    public static let difference: Int32 = 1
    /// Bad input or usage.
    public static let badInput: Int32 = 2
}

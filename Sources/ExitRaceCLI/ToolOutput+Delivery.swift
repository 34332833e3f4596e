extension ToolOutput {
    /// Writes `stdout` and `stderr` to the given streams and returns the code the process exits with.
    ///
    /// A reader that closes the pipe early ends the output quietly, as `head` expects, and the exit
    /// code stays the command's. Any other failure to write the output (a full disk, a closed
    /// stdout) is reported in one line on stderr and makes the exit code ``ExitCode/badInput``.
    public func deliver(stdout out: StandardStream = .output, stderr err: StandardStream = .error) -> ExitCode {
        var code = exitCode
        if !stdout.isEmpty, case .failed(let errno) = out.write(stdout) {
            code = .badInput
            if !stderr.isEmpty { _ = err.write(stderr) }
            _ = err.write("exitrace: cannot write to standard output: \(StandardStream.describe(errno: errno))\n")
            return code
        }
        if !stderr.isEmpty, case .failed = err.write(stderr) { code = .badInput }
        return code
    }
}

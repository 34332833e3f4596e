import ExitRace

/// Where a command's results go as they are computed: standard output at once, a file that
/// appears whole when the command succeeds, or (in tests) the ``ToolOutput``.
///
/// Writing each result as it is made keeps memory flat however many scenarios a command goes
/// through. Failures end the command the way ``ToolOutput/deliver(stdout:stderr:)`` does: a
/// reader that went away ends it quietly; any other failure is one line on stderr and exit 2.
struct ResultStream {
    private enum Target {
        case collect(String)
        case stream(StandardStream)
        case file(AtomicFile.Writer)
    }

    private var target: Target

    /// Results for `--output PATH` when given (never one of `inputs`), else for the environment's
    /// standard output.
    init(output path: String?, _ environment: ToolEnvironment, protecting inputs: ProtectedFiles) throws(Tool.Stop) {
        if let path {
            target = .file(
                try Tool.reporting { () throws(InputError) in try AtomicFile.Writer(path: path, protecting: inputs) })
        } else if let stream = environment.standardOutput {
            target = .stream(stream)
        } else {
            target = .collect("")
        }
    }

    mutating func write(_ text: String) throws(Tool.Stop) {
        switch target {
        case .collect(let collected): target = .collect(collected + text)
        case .file(let writer): try Tool.reporting { () throws(InputError) in try writer.write(text) }
        case .stream(let stream):
            switch stream.write(text) {
            case .written: break
            case .closedByReader: throw Tool.Stop(output: ToolOutput())
            case .failed(let code):
                throw Tool.Stop(
                    output: ToolOutput(
                        stderr: "exitrace: cannot write to standard output: \(StandardStream.describe(errno: code))\n",
                        exitCode: .badInput))
            }
        }
    }

    /// The command's output once every result is written: a file is put in place now, after
    /// `others` (files written beside it, such as a picture), which are put in place with it.
    func finish(with others: AtomicFileSet? = nil) throws(Tool.Stop) -> ToolOutput {
        try Tool.reporting { () throws(InputError) in
            if case .file(let writer) = target {
                guard let others else { return try writer.commit() }
                try others.add(writer)
            }
            try others?.commit()
        }
        if case .collect(let collected) = target { return ToolOutput(stdout: collected) }
        return ToolOutput()
    }
}

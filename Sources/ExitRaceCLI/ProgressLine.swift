/// A progress line for long work, on stderr and only when stderr is a terminal (never in a file
/// or a pipe, never in the results): `[3/12] cell runs explored`, erased at the end. What it
/// says beforehand (an estimate) goes the same way.
struct ProgressLine {
    private let write: (@Sendable (String) -> Void)?
    private let noun: String

    init(_ environment: ToolEnvironment, noun: String) {
        write = environment.stderrIsTerminal ? environment.progress : nil
        self.noun = noun
    }

    /// Whether anything is shown.
    var isShown: Bool { write != nil }

    /// A line of its own before the work (an estimate), on a terminal only.
    func say(_ line: String) { write?(line) }

    /// What the work calls after each step: `done` of `total`.
    var reporter: ((Int, Int) -> Void)? {
        guard let write else { return nil }
        let noun = noun
        return { done, total in write("\r[\(done)/\(total)] \(noun)") }
    }

    /// Erases the line.
    func finish() { write?("\r\u{1B}[K") }
}

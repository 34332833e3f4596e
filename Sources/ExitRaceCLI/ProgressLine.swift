import ExitRace
import Foundation

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

    /// A count of `total` units for work spread over threads (nil when nothing is shown): the
    /// line `[12,345/1,000,000] samples simulated` is redrawn at most ten times a second, and
    /// when the last unit is done.
    func counter(total: Int) -> WorkProgress? {
        guard let write else { return nil }
        let noun = noun, pace = RedrawPace()
        return WorkProgress(total: total) { done, total in
            pace.ifDue(final: done == total) {
                write("\r[\(TimeFormatting.grouped(done))/\(TimeFormatting.grouped(total))] \(noun)")
            }
        }
    }

    /// Erases the line.
    func finish() { write?("\r\u{1B}[K") }
}

/// When a line counted from many threads is redrawn: at most every ``interval``, one thread at a
/// time (two lines written at once would mix their bytes).
private final class RedrawPace: @unchecked Sendable {
    static let interval = Duration.milliseconds(100)
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant?

    func ifDue(final: Bool, _ draw: () -> Void) {
        lock.withLock {
            let now = clock.now
            if !final, let last, now - last < Self.interval { return }
            last = now
            draw()
        }
    }
}

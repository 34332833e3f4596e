import Dispatch
import ExitRace
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files the command has open (see ``AtomicFile/tracker``), removed when SIGINT,
/// SIGTERM or SIGHUP ends it: an interrupted `--output` or batch leaves no `.NAME.tmp-PID` behind,
/// and files written together (`calibrate --check --update`'s pair, `check --update`) are renamed
/// into place all before the process ends (SIGPIPE is ignored: see ``StandardStream``).
///
/// The signals are handled by Dispatch sources, on a queue of their own, not in a signal handler:
/// the handler may take the lock and remove files. It keeps the lock until the process exits, so
/// no writer can create another temporary file in between.
public final class TemporaryFileRegistry: TemporaryFileTracker, @unchecked Sendable {
    private let lock = NSLock()
    private var paths = Set<String>()
    /// Held while files that belong together are renamed into place, and by a signal's handler
    /// from the moment it runs until the process exits: a signal that arrives between two renames
    /// ends the process once the last is done.
    private let renaming = NSLock()
    /// The signal whose handler is waiting for renames to end, if any (under `lock`).
    private var pendingSignal: Int32?

    public init() {}

    public func willCreate(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    public func didRemove(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// The temporary files open now, sorted.
    public var live: [String] { lock.withLock { paths.sorted() } }

    /// Removes every temporary file open now and forgets them; returns how many there were.
    @discardableResult
    public func removeAll() -> Int {
        lock.withLock { removeAllLocked() }
    }

    private func removeAllLocked() -> Int {
        let count = paths.count
        for path in paths.sorted() { unlink(path) }
        paths.removeAll()
        return count
    }

    /// Runs `body` (renames of files that belong together) before any signal's handler may end
    /// the process. A signal that came meanwhile ends the process as soon as `body` returns, with its
    /// exit code, rather than racing the command's own end.
    public func whileRenaming(_ body: () -> Void) {
        renaming.lock()
        body()
        let pending = lock.withLock { pendingSignal }
        renaming.unlock()
        if let pending { removeAllAndExit(signal: pending) }
    }

    /// Removes every temporary file, then ends the process with exit code 128 + `signal`.
    func removeAllAndExit(signal: Int32) -> Never {
        lock.withLock { pendingSignal = pendingSignal ?? signal }
        _ = removeAllForExit()
        _exit(128 + signal)
    }

    /// What a signal's handler does before the process exits: waits for renames under way
    /// (``whileRenaming(_:)``) to end, then removes every temporary file; both locks stay held, so
    /// that no writer renames or creates another file before the exit. Returns how many it removed.
    func removeAllForExit() -> Int {
        renaming.lock()
        lock.lock()
        return removeAllLocked()
    }

    /// The registry the `exitrace` command uses, once ``installSignalCleanup()`` is called.
    public static let shared = TemporaryFileRegistry()

    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// The signals that end the process after its temporary files are removed: an interrupt, a
    /// termination, and the terminal going away.
    static let handledSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Makes ``AtomicFile`` report its temporary files to ``shared``, and SIGINT, SIGTERM and SIGHUP
    /// remove them before the process exits with 128 + the signal's number (after any renames of
    /// files that belong together). Called once, by `main`.
    public static func installSignalCleanup() {
        AtomicFile.tracker = shared
        let queue = DispatchQueue(label: "exitrace.signals")
        for number in handledSignals {
            signal(number, SIG_IGN)  // the source, not the default action, handles it
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { shared.removeAllAndExit(signal: number) }
            source.resume()
            sources.append(source)
        }
    }
}

import Dispatch
import ExitRace
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files the command has open (see ``AtomicFile/tracker``), removed when SIGINT or
/// SIGTERM ends it: an interrupted `--output` or batch leaves no `.NAME.tmp-PID` behind.
///
/// The signals are handled by Dispatch sources, on a queue of their own, not in a signal handler:
/// the handler may take the lock and remove files. It keeps the lock until the process exits, so
/// no writer can create another temporary file in between.
public final class TemporaryFileRegistry: TemporaryFileTracker, @unchecked Sendable {
    private let lock = NSLock()
    private var paths = Set<String>()

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

    /// Removes every temporary file, then ends the process with exit code 128 + `signal`, the
    /// lock held so that no writer creates another file meanwhile.
    func removeAllAndExit(signal: Int32) -> Never {
        lock.lock()
        _ = removeAllLocked()
        _exit(128 + signal)
    }

    /// The registry the `exitrace` command uses, once ``installSignalCleanup()`` is called.
    public static let shared = TemporaryFileRegistry()

    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Makes ``AtomicFile`` report its temporary files to ``shared``, and SIGINT and SIGTERM remove
    /// them before the process exits with 128 + the signal's number. Called once, by `main`.
    public static func installSignalCleanup() {
        AtomicFile.tracker = shared
        let queue = DispatchQueue(label: "exitrace.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)  // the source, not the default action, handles it
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { shared.removeAllAndExit(signal: number) }
            source.resume()
            sources.append(source)
        }
    }
}

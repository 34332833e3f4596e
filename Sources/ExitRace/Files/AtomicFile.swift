import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files so that a reader never sees a partial one: the text goes to a temporary
/// file in the same directory, which `rename(2)` then puts in place in one step.
///
/// Only a regular file or a new path is written: a directory, a device, a FIFO or a socket is
/// refused, and so is any input file of the same run (``ProtectedFiles``). A symbolic link is
/// written through: its target is replaced, atomically, in the target's directory, and the link
/// stays. Temporary files are named `.NAME.tmp-PID`; each writer removes its own on every failure,
/// and the leftovers of processes that no longer run (a run killed midway) for the same output.
///
/// A program that must remove temporary files when it is interrupted (the `exitrace` command on
/// SIGINT and SIGTERM) sets ``tracker``: the library tells it of each temporary file before it is
/// created and after it is gone, and knows nothing of signals itself.
package enum AtomicFile {
    /// Told of every temporary file: before it is created and once it is renamed into place or
    /// removed. Set it before writing; `nil` (the default) tells no one.
    package static var tracker: (any TemporaryFileTracker)? {
        get { trackerBox.value }
        set { trackerBox.value = newValue }
    }

    private static let trackerBox = TrackerBox()

    /// Writes `text` (UTF-8) to `path`, replacing any regular file there; a failure is an
    /// ``InputError`` naming the file. The directory must exist. Not flushed to disk (no `fsync`):
    /// a power loss may still lose it.
    package static func write(_ text: String, to path: String, protecting inputs: ProtectedFiles = .none) throws(InputError) {
        let writer = try Writer(path: path, protecting: inputs)
        try writer.write(text)
        try writer.commit()
    }

    /// Writes files that belong together (a result's `.md` and `.json`) as an ``AtomicFileSet``:
    /// every one is written to its temporary file first, and only then are they renamed into place,
    /// in the order given, while a tracker holds back the signals that would end the process between
    /// two renames (see ``TemporaryFileTracker/whileRenaming(_:)``). Put last the file that
    /// comparisons read (the JSON).
    package static func write(_ files: [(text: String, path: String)], protecting inputs: ProtectedFiles = .none) throws(InputError) {
        let set = AtomicFileSet(protecting: inputs)
        for file in files { try set.add(file.text, for: file.path) }
        try set.commit()
    }

    /// Checks, without writing, that `path` may be written: a regular file or a new path, not
    /// one of `inputs`. Commands that write many files check them all before writing any.
    package static func checkWritable(_ path: String, protecting inputs: ProtectedFiles = .none) throws(InputError) {
        try OutputPath.check(try OutputPath.target(of: path), path: path, inputs: inputs)
    }

    /// A file written piece by piece — results as they are computed — that appears at its path
    /// whole when committed, or not at all: a writer dropped before ``commit()`` removes its
    /// temporary file.
    package final class Writer {
        /// The file the text is for, as given.
        package let path: String
        /// Where the text goes: `path`, or the file a symbolic link at `path` leads to.
        private let target: String
        private let inputs: ProtectedFiles
        private let temporary: String
        private var descriptor: Int32
        /// Whether the temporary file was renamed into place (or removed after a failure).
        private var committed = false

        /// Checks that `path` may be written (see ``AtomicFile``) and opens a new temporary file
        /// beside its target.
        package init(path: String, protecting inputs: ProtectedFiles = .none) throws(InputError) {
            self.path = path
            self.inputs = inputs
            target = try OutputPath.target(of: path)
            try OutputPath.check(target, path: path, inputs: inputs)
            let (directory, name) = OutputPath.split(target)
            OutputPath.removeStaleTemporaries(of: name, in: directory)
            temporary = OutputPath.join(directory, OutputPath.temporaryName(name, pid: getpid()))
            unlink(temporary)  // one left by an earlier run of this same process id
            AtomicFile.tracker?.willCreate(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let error = errno
                AtomicFile.tracker?.didRemove(temporary)
                throw OutputPath.failure(path, error)
            }
        }

        /// Appends `text` (UTF-8).
        package func write(_ text: String) throws(InputError) {
            precondition(descriptor >= 0, "write after commit")
            let error = Array(text.utf8).withUnsafeBytes { writeAll($0, to: descriptor) }
            guard error == 0 else { throw OutputPath.failure(path, error) }
        }

        /// Closes the file and puts it in place, after checking the target once more (it may have
        /// changed while the results were computed).
        package func commit() throws(InputError) {
            try close()
            try checkTarget()
            try putInPlace()
        }

        /// Closes the temporary file, whole, without putting it in place yet (a file of an
        /// ``AtomicFileSet`` waits so for the others). Does nothing the second time.
        package func close() throws(InputError) {
            guard descriptor >= 0 else { return }
            let closed = closeDescriptor(descriptor)
            descriptor = -1
            guard closed == 0 else { throw abandon(OutputPath.failure(path, errno)) }
        }

        /// Checks the target once more, as ``init(path:protecting:)`` did; the temporary file is
        /// removed when it may no longer be written.
        func checkTarget() throws(InputError) {
            do {
                try OutputPath.check(target, path: path, inputs: inputs)
            } catch {
                throw abandon(error)
            }
        }

        /// Renames the closed temporary file over the target.
        func putInPlace() throws(InputError) {
            precondition(descriptor < 0 && !committed, "put in place once, after close")
            guard rename(temporary, target) == 0 else { throw abandon(OutputPath.failure(path, errno)) }
            committed = true
            AtomicFile.tracker?.didRemove(temporary)
        }

        /// Removes the temporary file and passes `error` on.
        private func abandon(_ error: InputError) -> InputError {
            unlink(temporary)
            committed = true
            AtomicFile.tracker?.didRemove(temporary)
            return error
        }

        deinit {
            if descriptor >= 0 { _ = closeDescriptor(descriptor) }
            guard !committed else { return }
            unlink(temporary)
            AtomicFile.tracker?.didRemove(temporary)
        }
    }
}

/// Keeps the temporary files ``AtomicFile`` has open, for a program that removes them when it is
/// interrupted. Called from any thread; `willCreate` comes before the file exists, so a tracker
/// that removes every path it holds leaves none behind.
package protocol TemporaryFileTracker: AnyObject, Sendable {
    /// `path` is about to be created.
    func willCreate(_ path: String)
    /// `path` was renamed into place or removed.
    func didRemove(_ path: String)
    /// Runs `body`, which renames files that belong together into place. A tracker that ends the
    /// process on a signal waits for `body` to return first, so that no reader finds some of the
    /// files new and the others old.
    func whileRenaming(_ body: () -> Void)
}

extension TemporaryFileTracker {
    /// Runs `body`: a tracker that ends no process has nothing to hold back.
    package func whileRenaming(_ body: () -> Void) { body() }
}

/// ``AtomicFile/tracker``'s storage, safe to read and set from any thread.
private final class TrackerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var tracker: (any TemporaryFileTracker)?

    var value: (any TemporaryFileTracker)? {
        get { lock.withLock { tracker } }
        set { lock.withLock { tracker = newValue } }
    }
}

/// `close(2)`, under a name that ``AtomicFile/Writer/close()`` does not hide.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

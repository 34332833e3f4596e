import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks and names behind ``AtomicFile``: where an output path really leads, whether it may
/// be written, and its temporary files.
enum OutputPath {
    /// Symbolic links followed at most, as the system does (`MAXSYMLINKS`).
    static let maxLinks = 40

    static let expected = "a regular file or a new path to write"

    /// The path writes go to: `path` itself or, for a symbolic link, the file it leads to (which
    /// need not exist yet). Refuses what is not a regular file or nothing.
    static func target(of path: String) throws(InputError) -> String {
        if namesStandardStream(path) {
            throw refusal(path, "expected \(expected), found a name for a standard stream or open descriptor: "
                + "leave the option out to write to standard output, or redirect it (> FILE)")
        }
        switch FileKind.of(path) {
        case .regular, .missing, .danglingLink: break
        case let kind: throw refusal(path, kind.problem(expected: expected) ?? "")
        }
        var current = path
        for _ in 0..<maxLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = readLink(current) else { throw failure(path, errno) }
            current = destination.hasPrefix("/") ? destination : join(split(current).directory, destination)
        }
        throw refusal(path, FileKind.linkLoop.problem(expected: expected) ?? "")
    }

    /// `-`, `/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N` and `/proc/…/fd/N`: names of a
    /// process's open descriptors. They lead wherever the descriptor does — often to the file a shell
    /// redirect opened — and renaming a finished output over that would cut the stream short.
    static func namesStandardStream(_ path: String) -> Bool {
        if path == "-" || ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) || path.hasPrefix("/dev/fd/") { return true }
        let parts = path.split(separator: "/")
        return path.hasPrefix("/proc/") && parts.count >= 3 && parts[2] == "fd"
    }

    /// Refuses a `target` (for `path`) that is neither a regular file nor nothing, that is an
    /// input of the run, or that cannot be replaced: an immutable or append-only file (`chattr`),
    /// a read-only file system.
    static func check(_ target: String, path: String, inputs: ProtectedFiles) throws(InputError) {
        let kind = FileKind.of(target)
        switch kind {
        case .missing: return
        case .regular(_, let identity):
            if let input = inputs.input(with: identity) {
                throw refusal(path, "is an input of this run (\(input)); write the output to another file")
            }
            try checkReplaceable(target, path: path)
        default:
            throw refusal(path, kind.problem(expected: expected) ?? "")
        }
    }

    /// Refuses an existing file that no rename may replace, whoever runs: `access(2)` says EPERM
    /// for an immutable or append-only file (even to root) and EROFS on a read-only file system.
    /// A file that is only read-only by its mode is replaced, as `rename(2)` allows.
    private static func checkReplaceable(_ target: String, path: String) throws(InputError) {
        guard access(target, W_OK) != 0 else { return }
        let code = errno
        switch code {
        case EPERM: throw refusal(path, "cannot be replaced: the file is immutable or append-only (see lsattr)")
        case EROFS: throw failure(path, code)
        default: return
        }
    }

    /// `a/b/c.json` → (`a/b`, `c.json`); a bare name has the directory "".
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `.NAME.tmp-PID`: hidden, and named after the output and the process writing it.
    static func temporaryName(_ name: String, pid: Int32) -> String { ".\(name).tmp-\(pid)" }

    /// Removes the temporary files for output `name` in `directory` left by processes that no
    /// longer run. Each directory is listed once per process.
    static func removeStaleTemporaries(of name: String, in directory: String) {
        for entry in StaleTemporaries.shared.take(name, in: directory) { unlink(join(directory, entry)) }
    }

    static func failure(_ path: String, _ code: Int32) -> InputError {
        refusal(path, "cannot be written: \(FileKind.describe(errno: code))")
    }

    static func refusal(_ path: String, _ message: String) -> InputError {
        InputError([Diagnostic(file: path, path: "", message: message)])
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count - 1) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The stale temporary files of each directory, found by one listing per directory and handed out
/// by output name, so that writing many files into one directory does not list it each time.
private final class StaleTemporaries: @unchecked Sendable {
    static let shared = StaleTemporaries()

    private let lock = NSLock()
    /// Directory → output name → its stale temporaries. Only looked up, never iterated.
    private var found: [String: [String: [String]]] = [:]

    /// The stale temporaries of output `name` in `directory`, each handed out once.
    func take(_ name: String, in directory: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if found[directory] == nil { found[directory] = Self.list(directory) }
        return found[directory]?.removeValue(forKey: name) ?? []
    }

    /// `.NAME.tmp-PID` files whose process no longer runs, by NAME.
    private static func list(_ directory: String) -> [String: [String]] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        var stale: [String: [String]] = [:]
        for entry in entries where entry.hasPrefix(".") {
            guard let marker = entry.range(of: ".tmp-", options: .backwards),
                let pid = Int32(entry[marker.upperBound...]), pid > 0, pid != getpid(),
                kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            let name = String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])
            stale[name, default: []].append(entry)
        }
        return stale
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, found with `stat(2)` (through symbolic links) without opening it, so that a
/// FIFO or a device is recognised before anything could block on it or write to it.
package enum FileKind: Equatable {
    /// A regular file: its size in bytes and identity (device and inode), to tell whether two paths
    /// are the same file.
    case regular(size: Int, identity: FileIdentity)
    case directory
    case fifo
    case device
    case socket
    /// Nothing at the path (and no symbolic link either).
    case missing
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// Symbolic links that lead back to themselves.
    case linkLoop
    /// `stat` failed otherwise (permission, a path component that is a file, …): its `errno`.
    case unreachable(Int32)

    /// The kind of `path`, following symbolic links.
    package static func of(_ path: String) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno
            switch reason {
            case ELOOP: return .linkLoop
            case ENOENT:
                var link = stat()
                return lstat(path, &link) == 0 ? .danglingLink : .missing
            default: return .unreachable(reason)
            }
        }
        return kind(of: status)
    }

    /// The kind of an open file.
    package static func of(descriptor: Int32) -> FileKind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreachable(errno) }
        return kind(of: status)
    }

    private static func kind(of status: stat) -> FileKind {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return .regular(size: Int(status.st_size), identity: identity)
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        default: return .device
        }
    }

    /// Why a path of this kind cannot be used where `what` (with its article) was expected, or
    /// `nil` for a regular file.
    package func problem(expected what: String) -> String? {
        switch self {
        case .regular: nil
        case .directory: "expected \(what), found a directory"
        case .fifo: "expected \(what), found a FIFO (named pipe)"
        case .device: "expected \(what), found a device"
        case .socket: "expected \(what), found a socket"
        case .missing: "no such file"
        case .danglingLink: "a symbolic link to a file that does not exist"
        case .linkLoop: "symbolic links that loop (too many levels of symbolic links)"
        case .unreachable(let code): "cannot be reached: \(Self.describe(errno: code))"
        }
    }

    /// The system's words for an `errno` ("Permission denied").
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A file's device and inode: two paths with the same identity are the same file.
package struct FileIdentity: Hashable {
    package var device: UInt64
    var inode: UInt64
}

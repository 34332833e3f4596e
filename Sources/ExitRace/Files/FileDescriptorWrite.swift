#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor` with `write(2)`, retrying interrupted (`EINTR`) and partial
/// writes. Returns 0 when every byte was written, else the `errno` that stopped it (`EIO` for a
/// write that wrote nothing without an error). The one place the library and the command line
/// write to a file descriptor.
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    // Each turn writes at least one byte or is an interrupted call, retried.
    while offset < bytes.count {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
        let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return written < 0 ? errno : EIO
        }
    }
    return 0
}

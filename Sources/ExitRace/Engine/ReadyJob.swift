/// A job on a pool's ready list: higher priority first, then first come first served.
struct ReadyJob: Comparable {
    var priority: UInt8
    var sequence: UInt32
    var context: Int32

    static func < (a: ReadyJob, b: ReadyJob) -> Bool {
        a.priority != b.priority ? a.priority > b.priority : a.sequence < b.sequence
    }
    static func == (a: ReadyJob, b: ReadyJob) -> Bool { a.sequence == b.sequence }
}

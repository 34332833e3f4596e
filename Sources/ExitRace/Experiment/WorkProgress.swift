import Foundation

/// How much of a long piece of work is done, counted by its worker threads as they go, for a
/// program that shows it (the library shows nothing itself): each ``add(_:)`` tells `report` the
/// units done so far and the total. Counting never changes what the work computes.
package final class WorkProgress: @unchecked Sendable {
    /// The units the whole work has (samples, replications, grid points).
    package let total: Int
    private let lock = NSLock()
    private var done = 0
    private let report: @Sendable (_ done: Int, _ total: Int) -> Void

    /// A count of `total` units; `report` is called from the thread that did the units.
    package init(total: Int, report: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) {
        self.total = total
        self.report = report
    }

    /// `units` more are done.
    package func add(_ units: Int = 1) {
        let now = lock.withLock {
            done += units
            return done
        }
        report(now, total)
    }

    /// The units done so far.
    package var count: Int { lock.withLock { done } }
}

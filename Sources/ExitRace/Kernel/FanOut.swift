import Foundation

/// The one place the library spreads independent pieces of work across the cores: piece `i`'s
/// result lands in slot `i`, so the answer is the same on any number of threads and in any order
/// of completion.
package enum FanOut {
    /// `transform(i)` for every `i` in `0..<count`, in index order; in parallel when `parallel` is
    /// true and there is more than one piece. `progress`, if given, is called after each piece
    /// (from the thread that did it) with how many are done.
    package static func map<Value: Sendable>(
        _ count: Int, parallel: Bool, progress: (@Sendable (Int) -> Void)? = nil,
        _ transform: @Sendable (Int) -> Value
    ) -> [Value] {
        let slots = ResultSlots<Value>(count: count)
        @Sendable func piece(_ index: Int) {
            let done = slots.store(transform(index), at: index)
            progress?(done)
        }
        if parallel && count > 1 {
            DispatchQueue.concurrentPerform(iterations: count, execute: piece)
        } else {
            for index in 0..<count { piece(index) }
        }
        return slots.values()
    }
}

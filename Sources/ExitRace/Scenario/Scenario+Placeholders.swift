/// System calls that still have the cost `exitrace import` wrote for them: a table built on them
/// is built on placeholder numbers, and `run` says so under it (docs/import.md, "After the import").
extension Scenario {
    /// The system calls marked `"placeholder": true` whose cost is still the importer's
    /// (``SystemCall/importPlaceholderCost``), in
    /// the scenario's order.
    package var placeholderCalls: [String] {
        systemCalls.filter { $0.isPlaceholder && $0.cost == SystemCall.importPlaceholderCost }.map(\.name)
    }

    /// The note under the table when some system calls still have the importer's placeholder cost;
    /// none otherwise.
    package var placeholderNotes: [String] {
        let names = placeholderCalls
        guard !names.isEmpty else { return [] }
        // Every name: a table built on a placeholder no one can see named is what the note is against.
        let shown = names.map { "systemCalls[\"\($0)\"].costMs" }.joined(separator: ", ")
        let cost = TimeFormatting.milliseconds(SystemCall.importPlaceholderCost.nanoseconds)
        let count = names.count == 1 ? "1 system call still has" : "\(names.count) system calls still have"
        return ["\(count) the cost exitrace import wrote as a placeholder (\(cost), taking effect on delivery, no reply "
            + "latency): the table is built on these numbers. Set \(shown) (and replyLatencyMs, takesEffectOn where a reply "
            + "matters); see docs/import.md, \"After the import\""]
    }
}

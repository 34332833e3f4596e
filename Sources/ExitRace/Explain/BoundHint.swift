/// What a table says under `[?]` about a bound of `limits` its runs reached: the setting, its value,
/// and the `--set` that raises it, up to its ceiling. Every bound costs time to raise; the memory
/// bounds (`maxPendingEvents`, `maxContexts`) stop at ``Limits/memoryCeiling``, which keeps a run
/// under ``Limits/memoryBudgetBytes``: at the ceiling, the hint says it cannot be raised.
package struct BoundHint: Equatable, Sendable {
    /// The bound reached.
    package var bound: RunOutcome.Bound
    /// Its value in the scenario, in the file's unit (events, contexts, milliseconds).
    package var value: Int
    /// The most it may be raised to.
    package var ceiling: Int
    /// The value to suggest (ten times the present one, at most ``ceiling``); nil at the ceiling.
    package var raised: Int?

    /// `limits.maxEvents`.
    package var setting: String { bound.settingPath }

    /// `--set limits.maxEvents=50`, or nil when the bound is at its ceiling.
    package var raise: String? { raised.map { "--set \(setting)=\($0)" } }

    /// The hint of each bound that some run of `cells` reached, in the order of ``RunOutcome/Bound``.
    package static func hints(reached: [RunOutcome.Bound], limits: Limits) -> [BoundHint] {
        let order: [RunOutcome.Bound] = [.events, .time, .pendingEvents, .contexts, .memory]
        return order.filter(reached.contains).map { hint($0, limits: limits) }
    }

    /// The hint for `bound` under `limits`.
    package static func hint(_ bound: RunOutcome.Bound, limits: Limits) -> BoundHint {
        let (value, ceiling): (Int, Int) =
            switch bound {
            case .events: (limits.maxEvents, Limits.maxEventsCeiling)
            case .time: (Int(limits.maxTime.nanoseconds / 1_000_000), Int(Limits.maxDurationMs))
            case .pendingEvents: (limits.maxPendingEvents, Limits.memoryCeiling)
            case .contexts: (limits.maxContexts, Limits.memoryCeiling)
            case .memory: (limits.maxContexts, Limits.memoryCeiling)
            }
        // Memory that ran short is raised by no setting: the hint names the two that lower it.
        let raised = bound == .memory || value >= ceiling ? nil : Swift.min(ceiling, Swift.max(value, 1).multipliedReportingOverflow(by: 10).partialValue)
        return BoundHint(bound: bound, value: value, ceiling: ceiling, raised: raised)
    }

    private var unit: String { bound == .time ? " ms" : "" }

    /// `5`, `600,000 ms`: the value as the line under a table writes it.
    package var valueWords: String { TimeFormatting.grouped(value) + unit }

    /// Whether the bound caps memory (so that its ceiling is there to keep the machine alive).
    private var capsMemory: Bool { bound == .pendingEvents || bound == .contexts }

    /// `limits.maxEvents is 5: raise it with --set limits.maxEvents=50 (at most 1,000,000,000; it costs time, not memory)`:
    /// the line under a table.
    package var words: String {
        if bound == .memory { return "memory ran short below limits.maxContexts and limits.maxPendingEvents: " + advice }
        return "\(setting) is \(valueWords)" + (raise == nil ? ", its ceiling: " : ": ") + advice
    }

    /// `raise it with --set limits.maxEvents=50 (at most 1,000,000,000; it costs time, not memory)`, or
    /// at the ceiling why it cannot be raised: what `explain`'s verdict and the table's line advise.
    package var advice: String {
        let most = "\(TimeFormatting.grouped(ceiling))\(unit)"
        if bound == .memory {
            return "a run wanted more memory than the system had before it reached them (limits.maxContexts is "
                + "\(TimeFormatting.grouped(value))): lower them with --set, or run where memory is larger"
        }
        guard let raise else {
            return capsMemory
                ? "it keeps a run's memory under 1 GiB and cannot be raised further"
                : "a run that long likely never ends (a loop or a timer that never stops)"
        }
        return capsMemory
            ? "raise it with \(raise) (at most \(most), the ceiling that keeps a run's memory under 1 GiB)"
            : "raise it with \(raise) (at most \(most); it costs time, not memory)"
    }
}

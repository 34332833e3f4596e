/// The engine's state of services that outlive the process (docs/scenario-format.md, "Services
/// that outlive the process"): work handed to the system, which its events finish after death too.
///
/// Only runs whose calls have a `service` change it; the hot loop reads `pending` only after the
/// process died.
struct ServiceState {
    /// Events of services still to come (a start, an end, a relaunch): while any is, a run goes on
    /// after the process died, because the system's work does.
    var pending: Int32 = 0
    /// When the user force-quit the app from the app switcher (a `swipeAway`), or -1.
    var forceQuitAt: Int64 = -1
    /// Whether the cleanup finished by a service's work ending after the process died.
    var finishedAfterDeath = false
    /// Work handed to the system while the process lived and not ended yet, in hand-off order: a
    /// force quit cancels, at once, each whose service a force quit cancels.
    var awaiting = ContiguousArray<AwaitedWork>()

    /// One piece of work handed to the system: the context and flags its events carry.
    struct AwaitedWork {
        var context: Int32
        var flags: UInt32
        /// Cancelled by a force quit: its event, still queued, then ends nothing.
        var cancelled = false
    }

    /// The event's `b`: the call index, the place's cleanup bit plus one (0 for none, see
    /// ``CleanupSites``) in bits 23–29, and these flags.
    static let asIfFlag: UInt32 = 1 << 31
    static let expiredFlag: UInt32 = 1 << 30
    static let callMask: UInt32 = (1 << siteShift) - 1
    static let siteShift: UInt32 = 23

    /// The flags that carry place `site` (-1 for none).
    static func siteFlags(_ site: Int8) -> UInt32 { UInt32(Int32(site) + 1) << siteShift }

    /// The place (cleanup bit) the flags carry, or -1.
    static func site(of flags: UInt32) -> Int8 { Int8(Int32((flags >> siteShift) & 0x7F) - 1) }

    /// The index in ``awaiting`` of the work whose event carries `context` and `flags`.
    func awaitingIndex(context: Int32, flags: UInt32) -> Int? {
        let key = flags & ~Self.expiredFlag
        return awaiting.firstIndex { $0.context == context && $0.flags == key }
    }

    /// A new run: nothing handed off (the list keeps its storage).
    mutating func reset() {
        pending = 0
        forceQuitAt = -1
        finishedAfterDeath = false
        awaiting.empty()
    }
}

/// What a ``TraceRecord/Kind/service`` record tells (its `b`).
package enum ServiceEvent: Int64, Sendable {
    /// The request left the process: the system has the work.
    case handedOff = 0
    /// The system starts the work (a background task's launch handler runs).
    case started
    /// The work is done.
    case finished
    /// A force quit cancelled the work.
    case cancelled
    /// The background task's allowance ran out before its work was done: its expiration handler
    /// is called and the task ends unfinished.
    case expired
    /// The app is relaunched (or woken) in the background for the background session's events.
    case relaunched
    /// The work was handed off only after the process died (as if it had lived): it does not count.
    case handedOffTooLate
    /// The user force-quit the app from the app switcher while services were pending.
    case forceQuit
}

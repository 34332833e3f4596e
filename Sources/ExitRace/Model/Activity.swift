/// The Live Activity of a scenario: started before the run (or by a request call), ended by an
/// `end` call or by the system's time limits, then shown on the lock screen until dismissed.
/// Its life is not tied to the process: it outlives an app that dies without ending it.
package struct ActivitySettings: Equatable, Sendable {
    /// When the activity was started, relative to the run (negative: before it); `nil` when a
    /// request call starts it.
    package var startedAt: VirtualDuration?
    /// The longest an activity stays active (8 h), after which the system ends it.
    package var maxActive: VirtualDuration
    /// The longest an ended activity stays on the lock screen (4 h) with the default policy.
    package var maxEnded: VirtualDuration

    /// Settings as given; the decoder, not this initializer, bounds them.
    package init(startedAt: VirtualDuration?, maxActive: VirtualDuration, maxEnded: VirtualDuration) {
        self.startedAt = startedAt
        self.maxActive = maxActive
        self.maxEnded = maxEnded
    }

    /// An activity a request call starts, with the system's time limits as ActivityKit documents
    /// them: 8 h active, then up to 4 h on the lock screen.
    package static let `default` = ActivitySettings(
        startedAt: nil, maxActive: .ms(8 * 3_600_000), maxEnded: .ms(4 * 3_600_000))
}

/// What a system call does to the Live Activity once its request is delivered.
package enum ActivityEffect: Equatable, Sendable {
    /// `Activity.request(…)`: starts the activity.
    case request
    /// `activity.update(…)`: counted in the outcome; does not end the activity.
    case update
    /// `end(_:dismissalPolicy:)`.
    case end(DismissalPolicy)
}

/// How long an ended Live Activity stays on the lock screen (`ActivityUIDismissalPolicy`).
package enum DismissalPolicy: Equatable, Sendable {
    /// Stays on the lock screen up to `maxEnded` (4 h).
    case `default`
    /// Removed from the lock screen the moment it ends.
    case immediate
    /// Dismissed this long after ending (at most `maxEnded`).
    case after(VirtualDuration)
}

/// What makes a cell ○: the question the scenario asks.
package enum Goal: Equatable, Sendable {
    /// Every cleanup call took effect while the process was alive (the default).
    case cleanup
    /// The Live Activity is no longer visible at this time.
    case activityGone(at: VirtualDuration)
    /// The call was still being delivered at this time: its last delivery while the process
    /// was alive falls within `within` before `at`.
    case keepsCalling(call: String, at: VirtualDuration, within: VirtualDuration)

    /// The question a scenario asks when it states no goal: did the cleanup finish.
    package static let `default` = Goal.cleanup
}

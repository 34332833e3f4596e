extension Scenario {
    /// For goals other than the cleanup: what the run shows about the goal.
    package func goalStory(_ outcome: RunOutcome) -> String? {
        let ms = TimeFormatting.human as (VirtualInstant) -> String
        switch goal {
        case .cleanup:
            return nil
        case .keepsCalling(let call, let at, _):
            let last = outcome.cleanupAt.map { "the last \(call) was delivered at \(ms($0))" } ?? "\(call) was never delivered"
            return "\(last) (the goal: still at \(TimeFormatting.human(at.nanoseconds)))"
        case .activityGone(let at):
            guard let activity = outcome.activity else { return "no activity" }
            let ended = activity.endedByApp
                ? "ended by the app at \(ms(activity.endedAt))" : "never ended by the app: the system ended it at \(ms(activity.endedAt))"
            return "the activity was \(ended) and stayed visible until \(ms(activity.dismissedAt)) "
                + "(the goal: gone by \(TimeFormatting.human(at.nanoseconds)))"
        }
    }
}

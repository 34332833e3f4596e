/// Work a system call hands to the system, which goes on outside the app's process: it may
/// finish after the process died (docs/scenario-format.md, "Services that outlive the process").
///
/// In-process work keeps its rule (nothing the app's threads do after death counts); a service's
/// work is done by the system (a daemon, a server and APNs), so its end counts whenever it comes,
/// unless the user force-quit the app and the service is one that a force quit cancels.
package struct SystemService: Equatable, Sendable {
    /// What the system does with the work it was handed.
    package enum Kind: String, CaseIterable, Equatable, Sendable {
        /// A background `URLSession` transfer: the system's transfer daemon runs it; when it ends
        /// and the app is not running, the app is relaunched in the background for the session's
        /// events (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`).
        case backgroundTransfer
        /// A `BGTaskScheduler` request (`BGProcessingTaskRequest`, `BGAppRefreshTaskRequest`): the
        /// system launches the app in the background later to run its launch handler, which has
        /// a time allowance and an expiration handler of its own.
        case backgroundTask
        /// A push from the app's server through APNs (an ActivityKit push that ends the Live
        /// Activity, for instance): the system acts on it when it arrives, app running or not.
        case push
    }

    package var kind: Kind
    /// How long after the hand-off the system starts the work (a task's launch; 0 for the others).
    package var startAfter: VirtualDuration
    /// How long the work takes once started: the transfer, the launch handler's work, the push's
    /// delivery.
    package var run: VirtualDuration
    /// For a background task: how long the system lets the launch handler run before its
    /// expiration handler is called; `nil` for the other kinds.
    package var allowance: VirtualDuration?
    /// For a background transfer: how long after the transfer ends, with the app not running, the
    /// system relaunches it in the background for the session's events.
    package var relaunchAfter: VirtualDuration
    /// Whether a force quit from the app switcher before the work is done cancels it.
    package var cancelledByForceQuit: Bool

    /// A service of `kind` whose work takes `run`, with the kind's defaults for the rest.
    package init(kind: Kind, run: VirtualDuration, allowance: VirtualDuration? = nil) {
        self.kind = kind
        self.startAfter = .zero
        self.run = run
        self.allowance = allowance
        self.relaunchAfter = .zero
        self.cancelledByForceQuit = Self.defaultCancelledByForceQuit(kind)
    }

    /// Whether a force quit cancels a kind's work unless the file says otherwise: a background
    /// transfer's (documented), a background task's (the common understanding; see the docs), not
    /// a push's (handled by the system, the app need not run).
    package static func defaultCancelledByForceQuit(_ kind: Kind) -> Bool { kind != .push }
}

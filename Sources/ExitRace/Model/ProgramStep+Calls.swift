/// What a step calls, and which of its bodies run only on a condition: read by the engine's cleanup
/// places (``CleanupSites``) and by explain's (``CleanupPlaces``).
extension ProgramStep {
    /// The system call this step makes, if it makes one.
    package var calledSystemCall: String? {
        switch self {
        case .call(let name), .callDiscardingError(let name), .callWithCompletion(let name, _, _): name
        default: nil
        }
    }

    /// Whether the nested body at `position` of ``nestedBodies`` runs only on a condition the run
    /// may not meet: launch options, a cancellation, an expiration.
    package func bodyRunsOnCondition(_ position: Int) -> Bool {
        switch self {
        case .ifLaunchOptions, .ifCancelled, .beginBackgroundTask: true
        case .cancellationHandler: position == 0  // `onCancel`, before the operation
        default: false
        }
    }
}

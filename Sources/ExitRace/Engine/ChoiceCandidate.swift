/// One event that raced at a choice point, with what naming it later needs from the engine's
/// state at that instant: the context a thread was running, the script's next step.
package struct ChoiceCandidate: Sendable {
    /// The event.
    var event: SimEvent
    /// For a thread's event: the context the thread was running (-1 when none).
    package var context: Int32 = -1
    /// For the script's event: the kind of its next step (nil when the script is over).
    var scriptStep: ScriptStep.Kind?
    /// The instant of the choice point.
    package var at: VirtualInstant
}

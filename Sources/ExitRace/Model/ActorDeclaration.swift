/// An actor a scenario declares in `actors`: an `actor` type of the app (SwiftData's `@ModelActor`
/// is one) or a global actor (`@globalActor`) other than the main actor.
///
/// Both are default actors: an actor has no thread of its own. A job enqueued on an idle actor
/// schedules the actor on the cooperative pool at the job's priority; the thread that takes it runs
/// the actor's jobs one at a time, highest priority first, until it has none
/// (swiftlang/swift `stdlib/public/Concurrency/Actor.cpp`, `DefaultActorImpl::enqueue`,
/// `defaultActorDrain`; see `docs/scenario-format.md`, "actors"). Each declared actor is one
/// instance for the whole run, shared by every delivery of every hook.
package struct ActorDeclaration: Equatable, Sendable {
    /// The name steps use in `isolation` and `isolatedCall`, e.g. `Store`.
    package var name: String
    /// Whether it is a global actor (`@Store func …`); only names differ, the rules are the same.
    package var global: Bool

    /// `actor Store {}` unless `global`.
    package init(name: String, global: Bool = false) {
        self.name = name
        self.global = global
    }
}

/// A `Task` kept in a property by one entry point and cancelled by another: cancelling it ends an awaited
/// system call only when that call is `cancellable` (docs/scenario-format.md, "Cancellable calls"), which
/// an imported call is not until the user says so; the summary says which calls that is.
extension WholeApp {
    /// One task handle spawned in one entry point's code and cancelled in another's.
    package struct CancelledTask: Equatable, Sendable {
        /// The handle's name (a property: shared by the entry points).
        package var name: String
        package var spawnedBy: String
        package var spawnedAt: SwiftReference
        package var cancelledBy: String
        package var cancelledAt: SwiftReference
        /// The system calls the task awaits (its own body and its structured children's, not a nested
        /// `Task { }`'s, which a cancellation does not reach), in order, each once, with whether it is
        /// `cancellable` in the written scenario.
        package var calls: [(name: String, cancellable: Bool)]

        package static func == (a: CancelledTask, b: CancelledTask) -> Bool {
            a.name == b.name && a.spawnedAt == b.spawnedAt && a.cancelledAt == b.cancelledAt
                && a.calls.map(\.name) == b.calls.map(\.name) && a.calls.map(\.cancellable) == b.calls.map(\.cancellable)
        }
    }

    /// The tasks of `entries` (each entry point's name and its steps, locals renamed) that one entry point
    /// keeps and another cancels, in the order the spawns were found; `cancellable` are the calls declared so.
    static func cancelledTasks(_ entries: [(name: String, steps: [ImportedStep])], cancellable: Set<String>) -> [CancelledTask] {
        var spawns: [(owner: String, name: String, step: ImportedStep)] = []
        var cancels: [(owner: String, name: String, source: SwiftReference)] = []
        for entry in entries {
            for step in preorder(entry.steps) {
                switch step.step {
                case .spawnTask(let spawn, _):
                    if let name = spawn.name { spawns.append((entry.name, name, step)) }
                case .cancelTask(let name): cancels.append((entry.name, name, step.source))
                default: break
                }
            }
        }
        var found: [CancelledTask] = []
        for spawn in spawns where !found.contains(where: { $0.name == spawn.name }) {
            guard let cancel = cancels.first(where: { $0.name == spawn.name && $0.owner != spawn.owner }) else { continue }
            var names: [String] = []
            for name in awaitedCalls(spawn.step.children.first ?? []) where !names.contains(name) { names.append(name) }
            found.append(CancelledTask(
                name: spawn.name, spawnedBy: spawn.owner, spawnedAt: spawn.step.source, cancelledBy: cancel.owner,
                cancelledAt: cancel.source, calls: names.map { ($0, cancellable.contains($0)) }))
        }
        return found
    }

    /// Every step of `steps`, nested bodies included, in order.
    static func preorder(_ steps: [ImportedStep]) -> [ImportedStep] {
        steps.flatMap { [$0] + $0.children.flatMap(preorder) }
    }

    /// The system calls a task's body awaits, as a cancellation of the task reaches them: not in a nested
    /// unstructured task, nor a completion handler's call (not awaited).
    static func awaitedCalls(_ steps: [ImportedStep]) -> [String] {
        steps.flatMap { step -> [String] in
            switch step.step {
            case .call(let name), .callDiscardingError(let name): [name]
            case .spawnTask: []
            default: step.children.flatMap(awaitedCalls)
            }
        }
    }

    /// The summary's lines for each task one entry point keeps and another cancels.
    var cancellationSummary: [String] {
        cancelledTasks.map { task in
            let where_ = "\(task.name), a Task kept by \(task.spawnedBy) [\(task.spawnedAt.place)] and cancelled by "
                + "\(task.cancelledBy) [\(task.cancelledAt.place)]"
            guard !task.calls.isEmpty else {
                return "  \(WholeApp.name): \(where_): it awaits no system call, so the cancel ends it only where its code checks for "
                    + "cancellation (a Task.sleep, checkCancellation, Task.isCancelled)"
            }
            let calls = task.calls.map { "systemCalls[\"\($0.name)\"].cancellable, now \($0.cancellable)" }
            return "  \(WholeApp.name): \(where_): the cancel stops a system call it awaits only if that call is cancellable ("
                + calls.joined(separator: "; ") + "); one that is not runs on and takes effect: set cancellable to true "
                + "for an API that honours task cancellation, as URLSession's async methods do (docs/scenario-format.md, "
                + "\"Cancellable calls\")"
        }
    }
}

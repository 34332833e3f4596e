/// An entry point's locals in the whole app: a semaphore, group, flag, background task or task handle
/// declared in its code (`let done = DispatchSemaphore(value: 0)`) is its own, named after it
/// (`AppDelegate.applicationWillTerminate.done`), so that two entry points' locals of one name stay two;
/// a name its code does not declare (a delegate's stored property, a global) is shared as written.
extension WholeApp {
    /// The name a background task begun without a variable gets (the recogniser's default).
    static let unnamedBackgroundTask = "backgroundTask"

    /// Renames an entry point's locals.
    struct Locals {
        /// The entry point's hook name, which its locals' names begin with.
        var owner: String
        /// The names its code declares, `_` (a value discarded, `_ = beginBackgroundTask…`), and the unnamed
        /// background task when no property has its name.
        var names: Set<String>

        /// `declared` are the locals the translator met in the entry point's code; `properties` the
        /// names of the properties and globals of the files.
        init(owner: String, declared: Set<String>, properties: Set<String>) {
            self.owner = owner
            names = declared.union(["_"])
            if !properties.contains(WholeApp.unnamedBackgroundTask) { names.insert(WholeApp.unnamedBackgroundTask) }
        }

        /// `name` as the whole app knows it.
        func callAsFunction(_ name: String) -> String { names.contains(name) ? "\(owner).\(name)" : name }

        /// The steps with the locals they name renamed.
        func rename(_ steps: [ImportedStep]) -> [ImportedStep] {
            steps.map { imported in
                var renamed = imported
                renamed.children = imported.children.map(rename)
                renamed.step = rename(imported.step, bodies: renamed.children.map { $0.map(\.step) })
                return renamed
            }
        }

        /// The steps with the locals they name renamed.
        func rename(_ steps: [ProgramStep]) -> [ProgramStep] {
            steps.map { rename($0, bodies: $0.nestedBodies.map(rename)) }
        }

        /// `step` with its own name renamed and `bodies` (in the order of ``ProgramStep/nestedBodies``)
        /// as its nested bodies.
        private func rename(_ step: ProgramStep, bodies: [[ProgramStep]]) -> ProgramStep {
            let r = self
            switch step {
            case .spawnTask(var spawn, _):
                spawn.name = spawn.name.map(r.callAsFunction)
                return .spawnTask(spawn, body: bodies[0])
            case .dispatchAsync(let target, _): return .dispatchAsync(target, body: bodies[0])
            case .wait(let semaphore, let timeout): return .wait(semaphore: r(semaphore), timeout: timeout)
            case .signal(let semaphore): return .signal(semaphore: r(semaphore))
            case .beginBackgroundTask(let task, _): return .beginBackgroundTask(r(task), expiration: bodies[0])
            case .endBackgroundTask(let task): return .endBackgroundTask(r(task))
            case .timer(let interval, let count, _): return .timer(interval: interval, count: count, body: bodies[0])
            case .setFlag(let flag): return .setFlag(r(flag))
            case .waitUntil(let flag, let poll): return .waitUntil(flag: r(flag), poll: poll)
            case .ifLaunchOptions(let options, _): return .ifLaunchOptions(options, body: bodies[0])
            case .callWithCompletion(let name, let target, _):
                return .callWithCompletion(name, queue: target, completion: bodies[0])
            case .dispatchSync(let target, _): return .dispatchSync(target, body: bodies[0])
            case .dispatchAfter(let target, let delay, _): return .dispatchAfter(target, delay: delay, body: bodies[0])
            case .groupEnter(let group): return .groupEnter(r(group))
            case .groupLeave(let group): return .groupLeave(r(group))
            case .groupWait(let group, let timeout): return .groupWait(r(group), timeout: timeout)
            case .groupNotify(let group, let target, _): return .groupNotify(r(group), queue: target, body: bodies[0])
            case .isolatedCall(let actor, _): return .isolatedCall(actor: actor, body: bodies[0])
            case .taskGroup(let throwing, _): return .taskGroup(throwing: throwing, body: bodies[0])
            case .addTask(let priority, _): return .addTask(priority: priority, body: bodies[0])
            case .asyncLet(let name, _): return .asyncLet(name: name, body: bodies[0])
            case .ifCancelled: return .ifCancelled(body: bodies[0])
            case .cancellationHandler: return .cancellationHandler(operation: bodies[1], onCancel: bodies[0])
            case .cancelTask(let task): return .cancelTask(r(task))
            case .awaitTask(let task): return .awaitTask(r(task))
            case .call, .work, .sleep, .taskSleep, .awaitLet, .checkCancellation, .callDiscardingError,
                .taskSleepDiscardingError, .throwError, .groupNext:
                return step
            }
        }
    }

    /// The names of the properties and globals (`let`/`var` at type or file level) of the files.
    static func propertyNames(_ files: [SwiftFile]) -> Set<String> {
        func names(_ declarations: [SwiftDecl]) -> [String] {
            declarations.flatMap { declaration -> [String] in
                switch declaration {
                case .type(let type): names(type.members)
                case .property(let property): [property.name]
                case .function: []
                }
            }
        }
        return Set(files.flatMap { names($0.declarations) })
    }
}

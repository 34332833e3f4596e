/// The paths of a scenario's numeric settings, spelled as in diagnostics and `--set`.
///
/// The parameter space and the cell compiler both name settings through these functions, so a
/// slot and the op that reads it always agree on the name.
package enum SettingPath {
    package static func timing(_ key: String) -> String { join("timing", key) }
    package static func startLatency(_ qos: QoSClass) -> String { join(join("timing", "startLatencyMs"), qos.name) }
    package static func lifecycle(_ key: String) -> String { join("lifecycle", key) }
    package static func activity(_ key: String) -> String { join("activity", key) }
    package static func goal(_ key: String) -> String { join("goal", key) }
    package static func limits(_ key: String) -> String { join("limits", key) }
    package static func systemCall(_ name: String, _ key: String) -> String { join(join("systemCalls", name), key) }

    /// `strategies.Task.program`: the prefix of a strategy's steps.
    package static func program(ofStrategy name: String) -> String { join(join("strategies", name), "program") }
    /// Each program of a strategy with the prefix of its steps: `strategies.Task.program`, or with
    /// `onCallbacks` one per callback, `strategies.app.onCallbacks.sceneDidEnterBackground`, in order.
    /// Their steps, one list after another, are the strategy's ``Strategy/program``.
    package static func programs(of strategy: Strategy) -> [(prefix: String, steps: ArraySlice<ProgramStep>)] {
        guard !strategy.callbackPrograms.isEmpty else {
            return [(program(ofStrategy: strategy.name), strategy.program[...])]
        }
        return strategy.callbackPrograms.map {
            (join(join(join("strategies", strategy.name), "onCallbacks"), $0.callback), strategy.program[$0.steps])
        }
    }
    /// `procedures.background.steps`.
    package static func steps(ofProcedure name: String) -> String { join(join("procedures", name), "steps") }

    /// `prefix[index]`.
    package static func element(_ prefix: String, _ index: Int) -> String { "\(prefix)[\(index)]" }

    /// A program step's nested steps and the member that holds them: `body`, or `expiration`
    /// for a background task's handler.
    package static func nested(in step: ProgramStep) -> (key: String, steps: [ProgramStep])? {
        guard let steps = step.nestedBodies.first else { return nil }
        if case .beginBackgroundTask = step { return ("expiration", steps) }
        if case .callWithCompletion = step { return ("completion", steps) }
        if case .cancellationHandler = step { return ("onCancel", steps) }
        return ("body", steps)
    }

    /// Every nested step list of a step with the member that holds it, in ``ProgramStep/nestedBodies``'
    /// order (a `cancellationHandler` has two: `onCancel`, then `body`).
    package static func allNested(in step: ProgramStep) -> [(key: String, steps: [ProgramStep])] {
        guard let first = nested(in: step) else { return [] }
        if case .cancellationHandler(let operation, _) = step { return [first, ("body", operation)] }
        return [first]
    }

    /// The setting path of each of `steps` and of their nested steps, in pre-order
    /// (``Strategy/preorder(_:)``): `prefix[0]`, `prefix[0].body[0]`, `prefix[1]`, …
    package static func preorderPaths(of steps: some Collection<ProgramStep>, at prefix: String) -> [String] {
        var paths: [String] = []
        func walk(_ steps: some Collection<ProgramStep>, at prefix: String) {
            for (position, step) in steps.enumerated() {
                let path = element(prefix, position)
                paths.append(path)
                let nested = allNested(in: step)
                // The numbering is nestedBodies' (Strategy.preorder, Scenario.cleanupCallSteps): the same bodies, in order.
                assert(nested.map(\.steps) == step.nestedBodies, "SettingPath.allNested and ProgramStep.nestedBodies disagree")
                for (key, body) in nested { walk(body, at: join(path, key)) }
            }
        }
        walk(steps, at: prefix)
        return paths
    }

    /// The canonical spelling of a user's path (`strategies["Task"].program[0].ms` and
    /// `strategies.Task.program[0].ms` are one path), or `nil` when it is malformed.
    static func canonical(_ text: String) -> String? {
        guard let components = JSONPath.components(text), !components.isEmpty else { return nil }
        var path = ""
        for component in components {
            switch component {
            case .key(let key): path = join(path, key)
            case .index(let index): path = element(path, index)
            }
        }
        return path
    }
}

/// Finding a scenario's hooks, strategies and kill procedures by the names people type.
///
/// A cell is addressed by indices inside the engine, but by names on a command line or in a
/// program. A name that matches nothing is an input error that lists what would have matched and,
/// when one is a likely typo of it, suggests it.
extension Scenario {
    /// The index of the hook whose name (`applicationWillTerminate`) or label (`AppDelegate`) is `name`,
    /// else of the one hook that listens to the callback `name` (an imported scenario's hook
    /// `AppDelegate.applicationWillTerminate` listens to `applicationWillTerminate`).
    ///
    /// The first hook whose name or label matches wins: scenarios need not keep names and labels apart.
    /// A callback that several hooks listen to names none of them: the error lists them.
    public func hookIndex(named name: String) throws(InputError) -> Int {
        if let index = hooks.firstIndex(where: { $0.name == name || $0.label == name }) { return index }
        let listening = hooks.indices.filter { hooks[$0].callbacks.contains(name) }
        if listening.count == 1 { return listening[0] }
        // Several (an import's `your app` listens to every callback): the one that listens to it alone.
        let alone = listening.filter { hooks[$0].callbacks == [name] }
        if alone.count == 1 { return alone[0] }
        if listening.count > 1 {
            let names = listening.map { hooks[$0].name }.joined(separator: ", ")
            let message = "hook '\(name)' is ambiguous: \(listening.count) hooks listen to that callback (\(names)); "
                + "name one of them"
            throw InputError([Diagnostic(file: self.name, path: "hooks", message: message)])
        }
        throw lookupError("hook", "hooks", name, hooks.map(\.name) + hooks.map(\.label))
    }

    /// The index of the strategy called `name` (`Task.detached + semaphore`).
    public func strategyIndex(named name: String) throws(InputError) -> Int {
        if let index = strategies.firstIndex(where: { $0.name == name }) { return index }
        throw lookupError("strategy", "strategies", name, strategies.map(\.name))
    }

    /// The index of the kill procedure called `name` (`foreground`).
    public func procedureIndex(named name: String) throws(InputError) -> Int {
        if let index = procedures.firstIndex(where: { $0.name == name }) { return index }
        throw lookupError("procedure", "procedures", name, procedures.map(\.name))
    }

    /// `no hook 'X'; did you mean 'Y'? (hooks: A, B)`: what was found, a likely typo, what is accepted.
    ///
    /// The diagnostic's file is the scenario's name and its path the member searched (`hooks`): a
    /// name typed on a command line has no line in a file. Accepted names are listed once each,
    /// the nearest to what was typed first (the scenario's order among equally near ones).
    private func lookupError(_ kind: String, _ plural: String, _ found: String, _ names: [String]) -> InputError {
        var message = "no \(kind) '\(found)'"
        if let suggestion = closestMatch(to: found, in: names) { message += "; did you mean '\(suggestion)'?" }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        message += " (\(plural): \(nearestFirst(found, unique).joined(separator: ", ")))"
        return InputError([Diagnostic(file: self.name, path: plural, message: message)])
    }
}

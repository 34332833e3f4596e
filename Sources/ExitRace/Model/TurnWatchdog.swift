/// The lifecycle watchdog of a hand-written `turn` that sets no `watchdogMs`: the budget of the
/// kind of callback it delivers, as the lifecycle's own turns get it.
extension LifecycleBudget {
    /// The callbacks whose turn is a termination (``LifecycleSettings/terminationWatchdog``).
    package static let terminationCallbacks: Set<String> = [Callback.willTerminate, Callback.willTerminateNotification]
    /// The callbacks of a launch (``LifecycleSettings/launchWatchdog``).
    static let launchCallbacks: Set<String> = [
        Callback.willFinishLaunching, Callback.didFinishLaunching, Callback.sceneWillConnect,
    ]

    /// Whether a turn delivering `actions` is the app's termination: it delivers a termination
    /// callback or exits the process.
    package static func beginsTermination(_ actions: [KillProcedure.TurnAction]) -> Bool {
        actions.contains { action in
            switch action {
            case .exit: true
            case .hook(let name): terminationCallbacks.contains(name)
            case .work, .lifecycleWork: false
            }
        }
    }

    /// The watchdog of a turn delivering `actions` with no `watchdogMs` of its own: termination
    /// when it delivers a termination callback, launch when it delivers a launch callback (the
    /// background launch's CPU-time budget when it also delivers a silent push's callback), the
    /// background scene watchdog for `sceneDidEnterBackground`, the callback watchdog for any
    /// other lifecycle callback; `nil` (no watchdog) when it delivers no
    /// lifecycle callback at all (only hooks of its own, work or `exit`).
    package static func watchdog(forTurn actions: [KillProcedure.TurnAction]) -> LifecycleBudget? {
        let callbacks = actions.compactMap { action -> String? in
            if case .hook(let name) = action { return name }
            return nil
        }
        if callbacks.contains(where: terminationCallbacks.contains) { return .terminationWatchdog }
        if callbacks.contains(where: launchCallbacks.contains) {
            return callbacks.contains(Callback.didReceiveRemoteNotification) ? .backgroundLaunchCPU : .launchWatchdog
        }
        if callbacks.contains(Callback.sceneDidEnterBackground) { return .backgroundSceneWatchdog }
        if callbacks.contains(where: Callback.all.contains) { return .callbackWatchdog }
        return nil
    }
}

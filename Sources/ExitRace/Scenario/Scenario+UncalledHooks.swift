/// Hooks that no kill procedure of a scenario calls. The decoder refuses a hook whose callbacks
/// the lifecycle model never delivers (a typo); a lifecycle callback that this scenario's
/// procedures do not deliver is allowed, because that the hook is never called is a finding — but
/// its row is then × in every column, and a reader must be told why rather than left to find it in
/// `explain`.
extension Scenario {
    /// Each hook (by name) that no procedure calls, with a sentence saying why, in hook order:
    /// "applicationDidEnterBackground is never called: no kill procedure delivers it; a scene-based
    /// app (lifecycle.scenes is true) gets sceneDidEnterBackground instead".
    public var uncalledHooks: [(hook: String, why: String)] {
        let delivered = Set(ScenarioDecoder.deliveredCallbacks(procedures, scenes: lifecycle.scenes))
        return hooks.compactMap { hook in
            guard !hook.callbacks.contains(where: delivered.contains) else { return nil }
            let callbacks = hook.callbacks.joined(separator: " or ")
            return (hook.name, "\(callbacks) is never called: " + Self.whyUncalled(hook, scenes: lifecycle.scenes))
        }
    }

    /// Why no procedure calls `hook`: "no kill procedure delivers it", and the callback the app
    /// gets instead when the lifecycle's `scenes` setting explains it.
    package static func whyUncalled(_ hook: Hook, scenes: Bool) -> String {
        var why = "no kill procedure delivers it"
        if scenes, let pair = Callback.sceneCounterparts.first(where: { hook.callbacks.contains($0.app) }) {
            why += "; a scene-based app (lifecycle.scenes is true) gets \(pair.scene) instead"
        } else if !scenes, let pair = Callback.sceneCounterparts.first(where: { hook.callbacks.contains($0.scene) }) {
            why += "; an app without scenes (lifecycle.scenes is false) gets \(pair.app) instead"
        } else if !scenes, hook.callbacks.contains(where: { $0.hasPrefix("scene") }) {
            why += "; an app without scenes (lifecycle.scenes is false) gets no scene callbacks"
        }
        return why
    }
}

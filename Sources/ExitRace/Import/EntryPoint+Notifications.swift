/// Observers and delegate methods the scenario language has no callback for, each named (never dropped
/// without a word), and `for await _ in NotificationCenter.default.notifications(named:)`, an observer
/// written as a loop.
extension EntryPointFinder {
    /// Delegate methods (by name, and the second label for `application(_:…)`, `scene(_:…)`) that UIKit calls
    /// for something no lifecycle action of the scenario language delivers: what each is for.
    static let unmodelledDelegateMethods: [String: String] = [
        "applicationDidReceiveMemoryWarning": "a memory warning",
        "applicationProtectedDataWillBecomeUnavailable": "protected data becoming unavailable (the device locking)",
        "applicationProtectedDataDidBecomeAvailable": "protected data becoming available",
        "applicationSignificantTimeChange": "a significant change of time",
        "application:performFetchWithCompletionHandler": "a background fetch",
        "application:handleEventsForBackgroundURLSession": "a background URL session's events",
        "application:open": "opening a URL",
        "application:continue": "continuing a user activity",
        "application:performActionFor": "a home-screen quick action",
        "application:didRegisterForRemoteNotificationsWithDeviceToken": "a push token",
        "application:didFailToRegisterForRemoteNotificationsWithError": "a failed push registration",
        "application:didDiscardSceneSessions": "discarded scene sessions",
        "scene:openURLContexts": "opening a URL",
        "scene:continue": "continuing a user activity",
        "windowScene:performActionFor": "a home-screen quick action",
        "userNotificationCenter:willPresent": "a notification shown in the foreground",
        "userNotificationCenter:didReceive": "the user's response to a notification",
    ]

    /// Names a delegate method of `unmodelledDelegateMethods` whose body has code.
    mutating func noteUnmodelledDelegateMethod(_ indexed: SwiftCodebase.Function, key: String) {
        let function = indexed.function
        guard function.accessor == nil, let what = Self.unmodelledDelegateMethods[key] ?? Self.unmodelledDelegateMethods[function.name],
            let body = function.body, !body.isEmpty
        else { return }
        var name = "\(indexed.typeName.map { "\($0)." } ?? "")\(function.name)"
        if function.parameterLabels.count >= 2 { name += "(" + function.parameterLabels.map { $0 + ":" }.joined() + ")" }
        note(.untranslated, function.location, indexed, "\(name): a delegate method for \(what), which no lifecycle "
            + "action of the scenario language delivers (it has no callback for it): its code is not translated; "
            + "write it by hand if it matters")
    }

    /// Names an observer (`addObserver`, a Combine publisher, `.onReceive`, a `for await` loop) of a
    /// notification that is not a lifecycle callback, or whose name the importer cannot read.
    mutating func noteOtherNotification(_ name: SwiftExpr, _ kind: String, _ location: SwiftLocation, _ owner: SwiftCodebase.Function) {
        var name = name
        if case .name(let local) = name.kind, let value = localValues[local] { name = value }
        let written: String
        switch name.kind {
        case .implicitMember(let member): written = ".\(member)"
        case .name: written = ""
        default: written = StepTranslator.chain(name).joined(separator: ".")
        }
        let what = written.isEmpty
            ? "a notification whose name the importer cannot read (\(StepTranslator.callName(name)), not a name it can follow)"
            : "\(written), not a lifecycle notification of the scenario language"
        note(.untranslated, location, owner, "an \(kind) of \(what): its code is not translated; write it by hand if it "
            + "matters (the lifecycle notifications are UIApplication's and UIScene's willTerminate, didEnterBackground, "
            + "willResignActive, didBecomeActive, willEnterForeground, didFinishLaunching and the scene's connect and "
            + "disconnect)")
    }

    /// `for await _ in NotificationCenter.default.notifications(named: N) { body }`: an observer of `N`. Its
    /// body runs in the task that iterates, once the notification is posted: an entry point whose code is
    /// that body in a task of the same kind (`Task.detached`, `Task { @MainActor in }` or `Task { }`), started
    /// by the callback.
    mutating func recogniseNotificationLoop(
        _ sequence: SwiftExpr, _ body: [SwiftStatement], _ location: SwiftLocation, _ owner: SwiftCodebase.Function
    ) {
        // `for await _ in …`: the sequence is the call itself (the parser keeps `await` as the loop's, `awaits`).
        guard let (callee, arguments, _, _) = StepRecogniser.call(sequence), case .member(_, "notifications") = callee.kind, let name = StepRecogniser.argument("named", arguments)
        else { return }
        guard let callback = callback(ofNotification: name) else {
            noteOtherNotification(name, "async sequence", location, owner)
            return
        }
        let task = taskResuming(body, at: location)
        let kind = StepTranslator.callName(Self.taskCallee(task))
        note(.assumption, location, owner, "for await … in notifications(named:): an observer of \(callback); its body runs "
            + "in the task that iterates, resumed once the notification is posted, so it is translated as a \(kind) { } "
            + "the callback starts (the loop's own task must have started iterating by then)")
        entryPoints.append(EntryPoint(
            callback: callback, name: "\(owner.typeName.map { "\($0)." } ?? "")\(callback) async sequence",
            body: [SwiftStatement(kind: .expression(task), location: location)], isolation: owner.isolation,
            typeName: owner.typeName, file: owner.file, location: location))
    }

    /// A task like the innermost one the walk is in, whose body is `body`.
    private func taskResuming(_ body: [SwiftStatement], at location: SwiftLocation) -> SwiftExpr {
        var callee = SwiftExpr(kind: .name("Task"), location: location)
        var attributes: [String] = []
        if let enclosing = enclosingTasks.last, case .call(let spawn, let arguments, let trailing) = enclosing.kind {
            callee = spawn
            callee.location = location
            attributes = StepRecogniser.closure(arguments, trailing)?.attributes ?? []
        }
        let closure = SwiftClosure(attributes: attributes, parameters: [], body: body, location: location)
        return SwiftExpr(kind: .call(callee, [], trailing: [closure]), location: location)
    }

    private static func taskCallee(_ task: SwiftExpr) -> SwiftExpr {
        if case .call(let callee, _, _) = task.kind { return callee }
        return task
    }

    /// `Task`, `Task.detached`: a call that starts a task.
    static func isTaskSpawn(_ callee: SwiftExpr) -> Bool {
        let names = StepTranslator.chain(callee)
        return names == ["Task"] || names == ["Task", "detached"]
    }

    /// The locals a body binds, by name, with their values (the first binding of a name wins).
    static func localValues(_ statements: [SwiftStatement]) -> [String: SwiftExpr] {
        var values: [String: SwiftExpr] = [:]
        for statement in statements {
            if case .binding(let name, let value?) = statement.kind, values[name] == nil { values[name] = value }
        }
        return values
    }
}

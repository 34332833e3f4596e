/// A place where the system calls the app's code during its lifecycle: a delegate method, a
/// notification observer, a SwiftUI scene-phase handler; and the lifecycle callback it stands for.
package struct EntryPoint: Sendable {
    /// The lifecycle callback it runs in (`applicationWillTerminate`, `willTerminateNotification`, …).
    package var callback: String
    /// What it is in the code: `AppDelegate.applicationWillTerminate`, `willTerminateNotification observer`.
    package var name: String
    package var body: [SwiftStatement]
    package var isolation: SwiftCodebase.Isolation
    package var typeName: String?
    package var file: SwiftFile
    package var location: SwiftLocation
    /// Whether it is a method named by `#selector` in an `addObserver` call.
    package var isSelectorObserver = false
}

/// Finds the entry points of a codebase, in file order.
struct EntryPointFinder {
    /// Delegate methods by name (and, for `application(_:…)` and `scene(_:…)`, the second label).
    static let delegateMethods: [String: String] = [
        "applicationWillTerminate": "applicationWillTerminate",
        "applicationDidEnterBackground": "applicationDidEnterBackground",
        "applicationWillResignActive": "applicationWillResignActive",
        "applicationDidBecomeActive": "applicationDidBecomeActive",
        "applicationWillEnterForeground": "applicationWillEnterForeground",
        "application:didFinishLaunchingWithOptions": "applicationDidFinishLaunching",
        "application:willFinishLaunchingWithOptions": "applicationWillFinishLaunching",
        "application:didReceiveRemoteNotification": "applicationDidReceiveRemoteNotification",
        "sceneDidDisconnect": "sceneDidDisconnect",
        "sceneDidEnterBackground": "sceneDidEnterBackground",
        "sceneWillResignActive": "sceneWillResignActive",
        "sceneDidBecomeActive": "sceneDidBecomeActive",
        "sceneWillEnterForeground": "sceneWillEnterForeground",
        "scene:willConnectTo": "sceneWillConnect",
    ]

    /// Notification names (the last component of `UIApplication.willTerminateNotification`,
    /// `UIScene.didDisconnectNotification`, `.UIApplicationWillTerminate`) → the callback they are
    /// posted with. The app-wide background and foreground notifications map to the scene
    /// callbacks, which the built-in lifecycle (a scene-based app) delivers at the same moment.
    static let notifications: [String: String] = [
        "willTerminateNotification": "willTerminateNotification", "UIApplicationWillTerminate": "willTerminateNotification",
        "didEnterBackgroundNotification": "sceneDidEnterBackground", "UIApplicationDidEnterBackground": "sceneDidEnterBackground",
        "willResignActiveNotification": "sceneWillResignActive", "UIApplicationWillResignActive": "sceneWillResignActive",
        "didBecomeActiveNotification": "sceneDidBecomeActive", "UIApplicationDidBecomeActive": "sceneDidBecomeActive",
        "willEnterForegroundNotification": "sceneWillEnterForeground",
        "UIApplicationWillEnterForeground": "sceneWillEnterForeground",
        "didFinishLaunchingNotification": "applicationDidFinishLaunching",
        "didDisconnectNotification": "sceneDidDisconnect", "willDeactivateNotification": "sceneWillResignActive",
        "didActivateNotification": "sceneDidBecomeActive", "willConnectNotification": "sceneWillConnect",
    ]

    /// `scenePhase` values → the scene callback delivered when the phase becomes it.
    static let scenePhases: [String: String] = [
        "background": "sceneDidEnterBackground", "inactive": "sceneWillResignActive", "active": "sceneDidBecomeActive",
    ]

    let codebase: SwiftCodebase
    var entryPoints: [EntryPoint] = []
    var notes: [ImportNote] = []
    /// The values of the locals of the function being walked (`let name = UIApplication.didEnterBackgroundNotification`).
    var localValues: [String: SwiftExpr] = [:]
    /// The tasks the walk is inside, innermost last: how a `for await` loop's body runs (EntryPoint+Notifications.swift).
    var enclosingTasks: [SwiftExpr] = []

    init(codebase: SwiftCodebase) {
        self.codebase = codebase
        for function in codebase.functions { visit(function) }
        // A method registered as a notification observer is that observer, even if its name is a
        // delegate method's (`@objc func applicationWillTerminate()` observing willTerminateNotification).
        let observers = Set(entryPoints.filter(\.isSelectorObserver).map { "\($0.file.path):\($0.location.line)" })
        entryPoints.removeAll { !$0.isSelectorObserver && observers.contains("\($0.file.path):\($0.location.line)") }
        removeOverridden()
    }

    /// A delegate method of a base class whose subclass in the files overrides it is not an entry point of
    /// its own: UIKit calls the override, which runs the base's code where it calls `super`.
    private mutating func removeOverridden() {
        // Each method an entry point of a subclass defines, under every class it inherits from: one pass
        // over the entry points, not one per pair (an import of 8,000 delegates took 37 s).
        var overridden = Set<OverriddenMethod>()
        for other in entryPoints where !other.isSelectorObserver {
            guard let type = other.typeName else { continue }
            let method = String(other.name.dropFirst(type.count + 1))
            for ancestor in codebase.superclasses(of: type) { overridden.insert(OverriddenMethod(type: ancestor, method: method)) }
        }
        guard !overridden.isEmpty else { return }
        entryPoints.removeAll { entry in
            guard !entry.isSelectorObserver, let base = entry.typeName else { return false }
            return overridden.contains(OverriddenMethod(type: base, method: String(entry.name.dropFirst(base.count + 1))))
        }
    }

    /// A method of a class that a subclass defines again.
    private struct OverriddenMethod: Hashable {
        var type: String
        var method: String
    }

    private mutating func visit(_ indexed: SwiftCodebase.Function) {
        let function = indexed.function
        var key = function.name
        if function.parameterLabels.count >= 2 { key += ":" + function.parameterLabels[1] }
        if let callback = Self.delegateMethods[key] ?? Self.delegateMethods[function.name], let body = function.body {
            var name = function.name
            if function.parameterLabels.count >= 2 { name += "(" + function.parameterLabels.map { $0 + ":" }.joined() + ")" }
            entryPoints.append(EntryPoint(
                callback: callback, name: "\(indexed.typeName.map { "\($0)." } ?? "")\(name)", body: body,
                isolation: indexed.isolation, typeName: indexed.typeName, file: indexed.file, location: function.location))
        } else {
            noteUnmodelledDelegateMethod(indexed, key: key)
        }
        localValues = Self.localValues(function.body ?? [])
        walk(function.body ?? [], indexed)
    }

    // MARK: - Observers, found anywhere in a body

    private mutating func walk(_ statements: [SwiftStatement], _ owner: SwiftCodebase.Function) {
        for statement in statements {
            switch statement.kind {
            case .expression(let expr): walk(expr, owner)
            case .binding(_, let value?), .asyncLet(_, let value?): walk(value, owner)
            case .forIn(_, let sequence, let body, _):
                recogniseNotificationLoop(sequence, body, statement.location, owner)
                walk(sequence, owner)
                walk(body, owner)
            case .ifStatement(let conditions, let then, let otherwise):
                conditions.forEach { walk($0, owner) }
                walk(then, owner)
                walk(otherwise ?? [], owner)
            case .guardStatement(_, let otherwise): walk(otherwise, owner)
            case .switchStatement(_, let cases): cases.forEach { walk($0.body, owner) }
            case .doBlock(let body, _), .deferBlock(let body), .loop(_, _, let body): walk(body, owner)
            case .jump(_, let value?): walk(value, owner)
            default: break
            }
        }
    }

    private mutating func walk(_ expr: SwiftExpr, _ owner: SwiftCodebase.Function) {
        if case .call(let callee, let arguments, let trailing) = expr.kind {
            recognise(callee, arguments, trailing, expr.location, owner)
        }
        switch expr.kind {
        case .member(let base, _), .generic(let base, _), .prefix(_, let base): walk(base, owner)
        case .call(let callee, let arguments, let trailing):
            walk(callee, owner)
            let spawns = Self.isTaskSpawn(callee)
            if spawns { enclosingTasks.append(expr) }
            arguments.forEach { walk($0.value, owner) }
            trailing.forEach { walk($0.body, owner) }
            if spawns { enclosingTasks.removeLast() }
        case .closure(let closure): walk(closure.body, owner)
        case .binary(let operands, _): operands.forEach { walk($0, owner) }
        case .tuple(let arguments), .collection(let arguments), .pound(_, let arguments):
            arguments.forEach { walk($0.value, owner) }
        case .name, .implicitMember, .literal, .opaque: break
        }
    }

    private mutating func recognise(
        _ callee: SwiftExpr, _ arguments: [SwiftArgument], _ trailing: [SwiftClosure], _ location: SwiftLocation,
        _ owner: SwiftCodebase.Function
    ) {
        guard case .member(let base, let method) = callee.kind else { return }
        let closure = StepRecogniser.closure(arguments, trailing)
        let modifier = callee.memberLocation ?? location  // `.onReceive(…)` on a line of its own in a chain
        switch method {
        case "addObserver":
            guard let name = StepRecogniser.argument("name", arguments) ?? StepRecogniser.argument("forName", arguments)
            else { return }
            guard let callback = callback(ofNotification: name) else {
                noteOtherNotification(name, "observer", location, owner)
                return
            }
            if let selector = StepRecogniser.argument("selector", arguments) {
                addSelectorObserver(selector, callback, location, owner)
            } else if let closure {
                addClosure(closure, callback, "\(callback) observer", owner)
            }
        case "sink":
            guard let closure, let name = Self.publishedName(base) else { return }
            if let callback = callback(ofNotification: name) {
                addClosure(closure, callback, "\(callback) publisher", owner)
            } else {
                noteOtherNotification(name, "publisher", modifier, owner)
            }
        case "onReceive":
            guard let closure, let publisher = arguments.first?.value, let name = Self.publishedName(publisher) else { return }
            if let callback = callback(ofNotification: name) {
                addClosure(closure, callback, "\(callback) onReceive", owner)
            } else {
                noteOtherNotification(name, "onReceive", modifier, owner)
            }
        case "onChange":
            if let watched = StepRecogniser.argument("of", arguments), let property = scenePhaseName(watched) {
                addScenePhase(property, arguments, trailing, modifier, owner)
            }
        case "backgroundTask":
            // SwiftUI's `.backgroundTask(.appRefresh(…)) { … }`: a BGTask's launch handler. The scenario language
            // models a submitted task as the system call's service (`serviceRunMs`), not as code it runs.
            note(.untranslated, modifier, owner, ".backgroundTask: a background task's launch handler (app refresh or URL "
                + "session), run by the system after the app submitted it; the scenario language has no callback for it "
                + "(a submitted task is the service of its BGTaskScheduler.submit call, whose serviceRunMs is the handler's "
                + "time): its body is not translated; write it by hand if it matters")
        default:
            break
        }
    }

    static func callback(ofNotification expr: SwiftExpr) -> String? {
        StepTranslator.chain(expr).last.flatMap { notifications[$0] }
    }

    /// The callback a notification name stands for, reading a local it is bound to first
    /// (`let name = UIApplication.didEnterBackgroundNotification; addObserver(…, name: name, …)`).
    func callback(ofNotification expr: SwiftExpr) -> String? {
        if case .name(let local) = expr.kind, let value = localValues[local] { return Self.callback(ofNotification: value) }
        return Self.callback(ofNotification: expr)
    }

    /// The notification name of `publisher(for: N)` somewhere in a member chain.
    static func publishedName(_ expr: SwiftExpr) -> SwiftExpr? {
        switch expr.kind {
        case .call(let callee, let arguments, _):
            if case .member(_, "publisher") = callee.kind, let name = StepRecogniser.argument("for", arguments) {
                return name
            }
            return publishedName(callee)
        case .member(let base, _), .prefix(_, let base), .generic(let base, _): return publishedName(base)
        default: return nil
        }
    }

    private mutating func addSelectorObserver(
        _ selector: SwiftExpr, _ callback: String, _ location: SwiftLocation, _ owner: SwiftCodebase.Function
    ) {
        guard case .pound("#selector", let arguments) = selector.kind, let target = arguments.first?.value,
            let name = StepTranslator.splitCallee(Self.stripCall(target)).name,
            let function = codebase.function(named: name, preferring: owner.typeName), let body = function.function.body
        else {
            note(.untranslated, location, owner, "a \(callback) observer whose selector names no function of the given files")
            return
        }
        entryPoints.append(EntryPoint(
            callback: callback, name: "\(function.typeName.map { "\($0)." } ?? "")\(name)", body: body,
            isolation: function.isolation, typeName: function.typeName, file: function.file, location: function.function.location,
            isSelectorObserver: true))
    }

    private static func stripCall(_ expr: SwiftExpr) -> SwiftExpr {
        if case .call(let callee, _, _) = expr.kind { return callee }
        return expr
    }

    private mutating func addClosure(_ closure: SwiftClosure, _ callback: String, _ name: String, _ owner: SwiftCodebase.Function) {
        var isolation = owner.isolation
        if closure.attributes.contains("@MainActor") { isolation = .mainActor }
        entryPoints.append(EntryPoint(
            callback: callback, name: "\(owner.typeName.map { "\($0)." } ?? "")\(name)", body: closure.body,
            isolation: isolation, typeName: owner.typeName, file: owner.file, location: closure.location))
    }

    mutating func note(_ kind: ImportNote.Kind, _ location: SwiftLocation, _ owner: SwiftCodebase.Function, _ message: String) {
        notes.append(ImportNote(kind: kind, file: owner.file.path, line: location.line, column: location.column, message: message))
    }
}

/// The UIKit app lifecycle: states, the user and system actions that move an app between them,
/// and the callbacks each transition delivers, in order. Kill procedures can be written as
/// sequences of these actions; they expand to main-queue turns at run time, from the state the
/// app is in (a suspended app swiped away gets no callback; a backgrounded one does).
package enum AppState: Int, CaseIterable, Sendable {
    /// Not launched yet: `tapIcon` or `silentPush` launches it.
    case notRunning
    /// In the foreground but not receiving events, e.g. while the app switcher is open.
    case inactive
    /// In the foreground, receiving events: where procedures start unless they say otherwise.
    case active
    /// In the background, its threads still running.
    case background
    /// In memory with its threads stopped: killing it delivers no callback.
    case suspended
    /// The process has exited or been killed.
    case terminated

    /// The state in words, for explanations: `in the background`, `not running`.
    package var name: String {
        switch self {
        case .notRunning: "not running"
        case .inactive: "inactive"
        case .active: "active"
        case .background: "in the background"
        case .suspended: "suspended"
        case .terminated: "terminated"
        }
    }
}

/// What the launch options of the current launch hold.
package enum LaunchOptions: Int, Sendable {
    /// Launched by the user (`launchOptions == nil`).
    case none = 0
    /// Launched by a silent push (`launchOptions[.remoteNotification]`).
    case remoteNotification = 1
}

/// A user or system action in a run.
package enum LifecycleAction: String, CaseIterable, Sendable {
    /// The user taps the app's icon: launch, or resume from the background.
    case tapIcon
    /// The user goes to the home screen.
    case pressHome
    /// The user opens the app switcher.
    case openSwitcher
    /// The user swipes the app away in the app switcher.
    case swipeAway
    /// A silent push (`content-available: 1`) arrives: launch in the background, or resume.
    case silentPush
    /// The app calls the fetch completion handler of a silent push.
    case completeFetch
    /// The system kills the app for memory (jetsam): SIGKILL, no callback.
    case jetsam
    /// The user locks the device (side button): a foreground app moves to the background as with
    /// `pressHome`, and files with complete protection become unavailable
    /// `lifecycle.dataProtectionDelayMs` later.
    case lockDevice
}

/// Timing of the lifecycle, in the scenario's `lifecycle` section.
package struct LifecycleSettings: Equatable, Sendable {
    /// Whether the app is scene-based (iOS 13+): scene callbacks are delivered, and the
    /// app delegate's foreground/background callbacks are not.
    package var scenes: Bool
    /// Whether the app runs under the debugger (launched from Xcode). The debugger prevents an
    /// app from suspending (Apple DTS), so a backgrounded app keeps running and swiping it away
    /// delivers the termination callbacks; without it (production) the app is suspended
    /// `suspendAfter` after entering the background. Structure, not a parameter: read when a
    /// run is set up.
    package var debuggerAttached: Bool
    /// How long after entering the background, holding no background task, the app is suspended.
    package var suspendAfter: VirtualDuration
    /// How long a background task may run in the background (about 30 s today).
    package var backgroundTaskAllowance: VirtualDuration
    /// How long before the allowance runs out the expiration handler is called.
    package var expirationWarning: VirtualDuration
    /// Foreground swipe: main-thread UI teardown between `sceneDidDisconnect` and `applicationWillTerminate`.
    package var uiTeardown: VirtualDuration
    /// Background swipe: how long after `sceneDidDisconnect` the system terminates the app.
    package var terminateDelay: VirtualDuration
    /// Budget of a termination turn before the watchdog kills the process.
    package var terminationWatchdog: VirtualDuration
    /// Budget of the launch turn.
    package var launchWatchdog: VirtualDuration
    /// Budget of other lifecycle turns (`applicationDidEnterBackground`, foreground transitions, a
    /// silent push's callback).
    package var callbackWatchdog: VirtualDuration
    /// Wall-clock budget of a scene callback delivered while the app is in the background
    /// (`sceneDidEnterBackground`, `sceneDidDisconnect` of a backgrounded app): crash logs show
    /// "scene-update watchdog transgression … exhausted real (wall clock) time allowance of 10.00
    /// seconds | ProcessVisibility: Background".
    package var backgroundSceneWatchdog: VirtualDuration = .ms(10_000)
    /// The background modes active during the run (audio playing, location updates, a VoIP call,
    /// a Bluetooth or external-accessory session): while one is active the app is not suspended in
    /// the background. Structure, not a parameter.
    package var activeBackgroundModes: [BackgroundMode] = []
    /// How long after the device locks files with complete protection (`NSFileProtectionComplete`)
    /// become unreadable and unwritable: "Shortly after the user locks a device (10 seconds, if the
    /// Require Password setting is Immediately), the decrypted class key is discarded" (Apple
    /// Platform Security guide, "Data Protection classes").
    package var dataProtectionDelay: VirtualDuration = .ms(10_000)
    /// CPU-time budget of a launch in the background (a silent push launching the app): the main
    /// thread's computing time, not wall clock. Crash logs: "scene-create watchdog transgression:
    /// com.app.id exhausted CPU time allowance of 3.77 seconds | | ProcessVisibility: Background"
    /// (Apple Developer Forums thread 104020).
    package var backgroundLaunchCPU: VirtualDuration = .ms(3_770)

    /// The lifecycle a scenario gets for every setting it leaves out: a scene-based app on current
    /// iOS (about 30 s of background time per background task), launched from the home screen.
    package static let `default` = LifecycleSettings(
        scenes: true, debuggerAttached: false, suspendAfter: .ms(2_000), backgroundTaskAllowance: .ms(30_000),
        expirationWarning: .ms(5_000), uiTeardown: .ms(50), terminateDelay: .ms(50), terminationWatchdog: .ms(5_000), launchWatchdog: .ms(20_000),
        callbackWatchdog: .ms(5_000))

    /// Every duration of the section with its member name, in the file's order: the decoder reads
    /// them by it and the parameter space names their slots by it.
    package static var durations: [(key: String, keyPath: WritableKeyPath<LifecycleSettings, VirtualDuration>)] {
        [
            ("suspendAfterMs", \.suspendAfter), ("backgroundTaskAllowanceMs", \.backgroundTaskAllowance),
            ("expirationWarningMs", \.expirationWarning), ("uiTeardownMs", \.uiTeardown),
            ("terminateDelayMs", \.terminateDelay), ("terminationWatchdogMs", \.terminationWatchdog),
            ("launchWatchdogMs", \.launchWatchdog), ("callbackWatchdogMs", \.callbackWatchdog),
            ("backgroundSceneWatchdogMs", \.backgroundSceneWatchdog), ("backgroundLaunchCPUMs", \.backgroundLaunchCPU),
            ("dataProtectionDelayMs", \.dataProtectionDelay),
        ]
    }
}

/// The callbacks UIKit delivers, by the names hooks and procedures use.
package enum Callback {
    /// `application(_:willFinishLaunchingWithOptions:)`, the first callback of a launch.
    package static let willFinishLaunching = "applicationWillFinishLaunching"
    /// `application(_:didFinishLaunchingWithOptions:)`.
    package static let didFinishLaunching = "applicationDidFinishLaunching"
    /// `applicationDidBecomeActive(_:)`; a scene-based app gets ``sceneDidBecomeActive`` instead.
    package static let didBecomeActive = "applicationDidBecomeActive"
    /// `applicationWillResignActive(_:)`; a scene-based app gets ``sceneWillResignActive`` instead.
    package static let willResignActive = "applicationWillResignActive"
    /// `applicationDidEnterBackground(_:)`; a scene-based app gets ``sceneDidEnterBackground`` instead.
    package static let didEnterBackground = "applicationDidEnterBackground"
    /// `applicationWillEnterForeground(_:)`; a scene-based app gets ``sceneWillEnterForeground`` instead.
    package static let willEnterForeground = "applicationWillEnterForeground"
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: a silent push arrived.
    package static let didReceiveRemoteNotification = "applicationDidReceiveRemoteNotification"
    /// `applicationWillTerminate(_:)`: delivered when a foreground or background app is swiped away; never to a
    /// suspended app, nor under jetsam.
    package static let willTerminate = "applicationWillTerminate"
    /// `scene(_:willConnectTo:options:)`, during a launch in the foreground.
    package static let sceneWillConnect = "sceneWillConnect"
    /// `sceneDidBecomeActive(_:)`.
    package static let sceneDidBecomeActive = "sceneDidBecomeActive"
    /// `sceneWillResignActive(_:)`.
    package static let sceneWillResignActive = "sceneWillResignActive"
    /// `sceneDidEnterBackground(_:)`.
    package static let sceneDidEnterBackground = "sceneDidEnterBackground"
    /// `sceneWillEnterForeground(_:)`.
    package static let sceneWillEnterForeground = "sceneWillEnterForeground"
    /// `sceneDidDisconnect(_:)`: the first termination callback of a scene-based app that is swiped away.
    package static let sceneDidDisconnect = "sceneDidDisconnect"
    /// Observers of `UIApplication.willTerminateNotification`, called after `applicationWillTerminate`.
    package static let willTerminateNotification = "willTerminateNotification"

    /// The scene delegate's callbacks, which an app without scenes (`lifecycle.scenes` false) never
    /// gets: a turn that names one delivers it only to a scene-based app.
    package static let sceneCallbacks: Set<String> = [
        sceneWillConnect, sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground, sceneWillEnterForeground,
        sceneDidDisconnect,
    ]

    /// Whether an app with or without scenes gets `name` when a turn names it.
    package static func isDelivered(_ name: String, scenes: Bool) -> Bool { scenes || !sceneCallbacks.contains(name) }

    /// The app delegate's callbacks that a scene-based app gets from its scene delegate instead.
    package static let sceneCounterparts: [(app: String, scene: String)] = [
        (didBecomeActive, sceneDidBecomeActive), (willResignActive, sceneWillResignActive),
        (didEnterBackground, sceneDidEnterBackground), (willEnterForeground, sceneWillEnterForeground),
    ]

    /// The callbacks an app gets as it leaves the foreground or terminates: resigning active,
    /// entering the background, losing its scene, terminating. Code in them runs because the app
    /// is going away, so when the process dies in a run, a whole app's strategy (`onCallbacks`)
    /// owes their cleanup calls whether the run delivered them or not: a kill that never delivers
    /// `applicationWillTerminate` (a suspended app swiped away, jetsam) loses the cleanup written
    /// there, unless code that ran made the same call. Code in any other callback (a launch, a
    /// return to the foreground) owes its cleanup only when it runs.
    package static let goingAway: Set<String> = [
        willResignActive, didEnterBackground, willTerminate, sceneWillResignActive, sceneDidEnterBackground,
        sceneDidDisconnect, willTerminateNotification,
    ]

    /// Whether an app that starts a run in `state` has been through `callback` already: resigning
    /// active for an inactive app, that and entering the background for one in the background or
    /// suspended. Their code ran before the run, so the run owes nothing of it.
    package static func passed(_ callback: String, before state: AppState) -> Bool {
        switch state {
        case .inactive: callback == willResignActive || callback == sceneWillResignActive
        case .background, .suspended:
            [willResignActive, sceneWillResignActive, didEnterBackground, sceneDidEnterBackground].contains(callback)
        case .notRunning, .active, .terminated: false
        }
    }

    /// Every callback the lifecycle model delivers.
    package static let all = [
        willFinishLaunching, didFinishLaunching, didBecomeActive, willResignActive, didEnterBackground, willEnterForeground,
        didReceiveRemoteNotification, willTerminate, sceneWillConnect, sceneDidBecomeActive, sceneWillResignActive,
        sceneDidEnterBackground, sceneWillEnterForeground, sceneDidDisconnect, willTerminateNotification,
    ]
}

/// A lifecycle budget that expanded actions refer to by name, so that a run reads its value from
/// the run's parameters (`lifecycle.uiTeardownMs` and so on) rather than from a copy made when
/// the action was expanded.
package enum LifecycleBudget: CaseIterable, Sendable {
    /// ``LifecycleSettings/uiTeardown``.
    case uiTeardown
    /// ``LifecycleSettings/terminateDelay``.
    case terminateDelay
    /// ``LifecycleSettings/terminationWatchdog``.
    case terminationWatchdog
    /// ``LifecycleSettings/launchWatchdog``.
    case launchWatchdog
    /// ``LifecycleSettings/callbackWatchdog``.
    case callbackWatchdog
    /// ``LifecycleSettings/backgroundSceneWatchdog``.
    case backgroundSceneWatchdog
    /// ``LifecycleSettings/backgroundLaunchCPU``: counts the main thread's CPU time, not wall clock.
    case backgroundLaunchCPU

    /// Whether the budget counts the main thread's CPU time (its `work`) rather than wall clock.
    package var countsCPUTime: Bool { self == .backgroundLaunchCPU }

    /// The setting's member in the scenario's `lifecycle` section.
    package var key: String {
        switch self {
        case .uiTeardown: "uiTeardownMs"
        case .terminateDelay: "terminateDelayMs"
        case .terminationWatchdog: "terminationWatchdogMs"
        case .launchWatchdog: "launchWatchdogMs"
        case .callbackWatchdog: "callbackWatchdogMs"
        case .backgroundSceneWatchdog: "backgroundSceneWatchdogMs"
        case .backgroundLaunchCPU: "backgroundLaunchCPUMs"
        }
    }

    var keyPath: KeyPath<LifecycleSettings, VirtualDuration> {
        switch self {
        case .uiTeardown: \.uiTeardown
        case .terminateDelay: \.terminateDelay
        case .terminationWatchdog: \.terminationWatchdog
        case .launchWatchdog: \.launchWatchdog
        case .callbackWatchdog: \.callbackWatchdog
        case .backgroundSceneWatchdog: \.backgroundSceneWatchdog
        case .backgroundLaunchCPU: \.backgroundLaunchCPU
        }
    }
}

extension LifecycleAction {
    /// The steps this action takes from `state`: the turns that deliver its callbacks, in order,
    /// with the state changes between them. Empty when the action does nothing in that state.
    /// Durations are named ``LifecycleBudget``s; only `scenes` changes which callbacks come.
    package func expansion(from state: AppState, scenes: Bool) -> [KillProcedure.Step] {
        typealias C = Callback
        func turn(_ callbacks: [String], _ watchdog: LifecycleBudget) -> KillProcedure.Step {
            .lifecycleTurn(callbacks.map { .hook($0) }, watchdog: watchdog)
        }
        let becomeActive = scenes ? [C.sceneDidBecomeActive] : [C.didBecomeActive]
        let resignActive = scenes ? [C.sceneWillResignActive] : [C.willResignActive]
        let enterBackground = scenes ? [C.sceneDidEnterBackground] : [C.didEnterBackground]
        let enterForeground = scenes ? [C.sceneWillEnterForeground] : [C.willEnterForeground]
        let callback = LifecycleBudget.callbackWatchdog
        // A scene's move to the background is a background scene update (10 s in crash logs);
        // applicationDidEnterBackground has "approximately five seconds" (UIKit's documentation).
        let enterBackgroundBudget = scenes ? LifecycleBudget.backgroundSceneWatchdog : callback
        switch (self, state) {
        case (.tapIcon, .notRunning), (.tapIcon, .terminated):
            let launch = [C.willFinishLaunching, C.didFinishLaunching] + (scenes ? [C.sceneWillConnect, C.sceneWillEnterForeground] : [])
            return [.launch(.none), turn(launch + becomeActive, .launchWatchdog), .setState(.active)]
        case (.tapIcon, .background), (.tapIcon, .suspended):
            return [.resume, .enterForeground, turn(enterForeground, callback), turn(becomeActive, callback), .setState(.active)]
        case (.tapIcon, .inactive):
            return [turn(becomeActive, callback), .setState(.active)]
        case (.pressHome, .active):
            return [turn(resignActive, callback), .setState(.inactive), turn(enterBackground, enterBackgroundBudget),
                    .setState(.background), .enterBackground]
        case (.pressHome, .inactive):
            return [turn(enterBackground, enterBackgroundBudget), .setState(.background), .enterBackground]
        case (.openSwitcher, .active):
            return [turn(resignActive, callback), .setState(.inactive)]
        case (.swipeAway, .active):
            return [turn(resignActive, callback), .setState(.inactive)] + Self.swipeAway.expansion(from: .inactive, scenes: scenes)
        case (.swipeAway, .inactive):
            var actions: [KillProcedure.TurnAction] = scenes ? [.hook(C.sceneDidDisconnect), .lifecycleWork(.uiTeardown)] : []
            actions += [.hook(C.willTerminate), .hook(C.willTerminateNotification), .exit]
            return [.beginTermination, .lifecycleTurn(actions, watchdog: .terminationWatchdog)]
        case (.swipeAway, .background):
            var steps: [KillProcedure.Step] = [.beginTermination]
            if scenes { steps += [turn([C.sceneDidDisconnect], .backgroundSceneWatchdog), .lifecycleDelay(.terminateDelay)] }
            return steps + [
                turn([C.willTerminate], .terminationWatchdog),
                .lifecycleTurn([.hook(C.willTerminateNotification), .exit], watchdog: .terminationWatchdog),
            ]
        case (.swipeAway, .suspended), (.jetsam, .active), (.jetsam, .inactive), (.jetsam, .background), (.jetsam, .suspended):
            return [.sigkill]
        case (.silentPush, .notRunning), (.silentPush, .terminated):
            return [.launch(.remoteNotification), .beginFetch, .setState(.background), .enterBackground,
                    turn([C.willFinishLaunching, C.didFinishLaunching, C.didReceiveRemoteNotification], .backgroundLaunchCPU)]
        case (.silentPush, .background), (.silentPush, .suspended):
            return [.resume, .beginFetch, .setState(.background), .enterBackground, turn([C.didReceiveRemoteNotification], callback)]
        case (.silentPush, .active), (.silentPush, .inactive):
            return [turn([C.didReceiveRemoteNotification], callback)]
        case (.completeFetch, _):
            return [.endFetch]
        case (.lockDevice, .active), (.lockDevice, .inactive):
            return [.lockDevice] + Self.pressHome.expansion(from: state, scenes: scenes)
        case (.lockDevice, _):
            return [.lockDevice]
        default:
            return []
        }
    }
}

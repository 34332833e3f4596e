/// The built-in default scenario: the Live Activity reference experiment (seed 000).
///
/// Byte-identical to `scenarios/live-activity.json` (a test checks it), so that `exitrace` with no
/// arguments needs no file on disk.
public enum DefaultScenario {
    /// The default scenario's name; a file extends it with `"extend": "builtin:live-activity"`.
    public static let name = "live-activity"
    /// Its file in this repository, relative to the root: what diagnostics about it name.
    public static let fileName = "scenarios/live-activity.json"

    package static let json = #"""
{
  "$schema": "scenario.schema.json",
  "name": "live-activity",
  "title": "Ending a Live Activity from the termination hooks (reference experiment, iOS 18.4)",
  "timing": {
    "note": "Assumptions about the device and the OS; see docs/scenario-format.md and the README's calibration notes.",
    "exitDurationMs": 3,
    "startLatencyMs": {
      "userInteractive": 0.05,
      "userInitiated": 0.1,
      "default": 10,
      "utility": 20,
      "background": 50
    },
    "cooperativePoolWidth": 6,
    "dispatchPoolWidth": 64,
    "mainThreadQoS": "userInteractive"
  },
  "lifecycle": {
    "note": "Measured from Xcode (the author saw the Thread Performance Checker's warning during Debug): the debugger prevents suspension, so the background kill swiped an app still running. docs/scenarios.md says what production predicts.",
    "debuggerAttached": true
  },
  "limits": {
    "maxEvents": 1000000,
    "maxTimeMs": 600000
  },
  "systemCalls": {
    "Activity.end": {
      "note": "await activity.end(nil, dismissalPolicy: .immediate): nonisolated, so a main-actor task hops to the pool for it.",
      "costMs": 1,
      "deliverAfterMs": 1,
      "replyLatencyMs": 2,
      "takesEffectOn": "delivery",
      "cleanup": true
    }
  },
  "hooks": {
    "applicationWillTerminate": { "label": "AppDelegate" },
    "sceneDidDisconnect": { "label": "SceneDelegate" },
    "willTerminateNotification": { "label": "Notification" }
  },
  "strategies": {
    "Task": {
      "code": "Task { await activity.end(nil, dismissalPolicy: .immediate) }",
      "program": [
        { "op": "task", "body": [{ "op": "call", "name": "Activity.end" }] }
      ]
    },
    "Task + semaphore": {
      "code": "Task { await activity.end(…); semaphore.signal() }; semaphore.wait()",
      "program": [
        { "op": "task", "body": [
          { "op": "call", "name": "Activity.end" },
          { "op": "signal", "semaphore": "done" }
        ] },
        { "op": "wait", "semaphore": "done" }
      ]
    },
    "Task.detached": {
      "code": "Task.detached { await activity.end(nil, dismissalPolicy: .immediate) }",
      "program": [
        { "op": "detached", "body": [{ "op": "call", "name": "Activity.end" }] }
      ]
    },
    "Task.detached + semaphore": {
      "code": "Task.detached { await activity.end(…); semaphore.signal() }; semaphore.wait()",
      "program": [
        { "op": "detached", "body": [
          { "op": "call", "name": "Activity.end" },
          { "op": "signal", "semaphore": "done" }
        ] },
        { "op": "wait", "semaphore": "done" }
      ]
    },
    "DispatchQueue.main.async": {
      "note": "Prediction: not measured in the reference experiment.",
      "code": "DispatchQueue.main.async { Task { await activity.end(nil, dismissalPolicy: .immediate) } }",
      "program": [
        { "op": "dispatch", "queue": "main", "body": [
          { "op": "task", "body": [{ "op": "call", "name": "Activity.end" }] }
        ] }
      ]
    },
    "Task.detached(priority: .high)": {
      "note": "Prediction: not measured in the reference experiment.",
      "code": "Task.detached(priority: .high) { await activity.end(nil, dismissalPolicy: .immediate) }",
      "program": [
        { "op": "detached", "priority": "high", "body": [{ "op": "call", "name": "Activity.end" }] }
      ]
    }
  },
  "procedures": {
    "foreground": {
      "label": "foreground kill: swiped away from the app switcher while in the foreground",
      "steps": [
        { "op": "action", "action": "openSwitcher", "note": "Opening the app switcher makes the active app resign active: sceneWillResignActive (applicationWillResignActive without scenes); swiped away at once after." },
        { "op": "turn", "watchdogMs": 5000, "forceQuit": true, "note": "One main-thread turn: the main queue never runs again.", "actions": [
          { "op": "hook", "name": "sceneDidDisconnect" },
          { "op": "work", "ms": 50, "note": "UI teardown between the scene and the app callbacks" },
          { "op": "hook", "name": "applicationWillTerminate" },
          { "op": "hook", "name": "willTerminateNotification" },
          { "op": "exit" }
        ] }
      ]
    },
    "background": {
      "label": "background kill: home screen first, then swiped away from the app switcher",
      "steps": [
        { "op": "action", "action": "pressHome", "note": "Home screen first: sceneWillResignActive, then sceneDidEnterBackground (applicationWillResignActive and applicationDidEnterBackground without scenes); swiped away at once after." },
        { "op": "turn", "watchdogMs": 5000, "forceQuit": true, "actions": [{ "op": "hook", "name": "sceneDidDisconnect" }] },
        { "op": "delay", "ms": 50, "note": "the system decides to terminate the app" },
        { "op": "turn", "watchdogMs": 5000, "actions": [{ "op": "hook", "name": "applicationWillTerminate" }] },
        { "op": "turn", "watchdogMs": 5000, "actions": [
          { "op": "hook", "name": "willTerminateNotification" },
          { "op": "exit" }
        ] }
      ]
    }
  },
  "sweeps": {
    "note": "One sweep per timing assumption, the others at their values above: how far each cell is from flipping. batch and check carry their flip reports; see the README.",
    "exit": { "vary": ["timing.exitDurationMs=0.1...100"], "steps": 50, "log": true },
    "defaultQoSStart": { "vary": ["timing.startLatencyMs.default=0.1...100"], "steps": 50, "log": true },
    "userInitiatedStart": { "vary": ["timing.startLatencyMs.userInitiated=0.01...100"], "steps": 50, "log": true },
    "uiTeardown": { "vary": ["procedures.foreground.steps[1].actions[1].ms=0.1...1000"], "steps": 50, "log": true },
    "terminateDelay": { "vary": ["procedures.background.steps[2].ms=0.1...1000"], "steps": 50, "log": true },
    "endDelivery": { "vary": ["systemCalls[\"Activity.end\"].deliverAfterMs=0...1"], "steps": 21 }
  }
}
"""#

    /// The decoded default scenario.
    public static func load() -> Scenario {
        do {
            return try ScenarioDecoder.decode(json, file: fileName)
        } catch {
            preconditionFailure("the built-in scenario is invalid:\n\(error)")
        }
    }
}

import Testing

@testable import ExitRace

/// Data Protection: a file with complete protection cannot be written once the device has been
/// locked for `lifecycle.dataProtectionDelayMs` (10 s: Apple Platform Security guide, "Data
/// Protection classes"), so a cleanup that writes such a file late fails.
@Suite("Data Protection: writes after the device locks")
struct DataProtectionTests {
    /// The user locks the device with the app in the foreground; `sceneDidEnterBackground` holds a
    /// background task while a detached task computes for `workMs`, then writes the file.
    static func lockThenSave(workMs: Int, protection: String = "complete", lifecycle: String = "") throws -> Scenario {
        try LifecycleTests.scenario(
            lifecycle: lifecycle, callbacks: ["sceneDidEnterBackground"],
            program: """
                [{"op": "beginBackgroundTask", "task": "save"},
                 {"op": "detached", "body": [{"op": "work", "ms": \(workMs)}, {"op": "call", "name": "write"},
                   {"op": "endBackgroundTask", "task": "save"}]}]
                """,
            steps: #"[{"op": "action", "action": "lockDevice"}, {"op": "delay", "ms": 60000}]"#,
            calls: #""write": {"costMs": 1, "fileProtection": "\#(protection)"}"#)
    }

    static func trace(_ scenario: Scenario) -> CellTrace {
        Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
    }

    @Test("locking a foreground app sends it to the background, as the home button does")
    func lockMovesAppToBackground() throws {
        let trace = Self.trace(try Self.lockThenSave(workMs: 1000))
        expectContains(LifecycleTests.callbackOrder(trace), "sceneWillResignActive")
        expectContains(LifecycleTests.callbackOrder(trace), "sceneDidEnterBackground")
        expectEqual(trace.records.first { $0.kind == .deviceLocked }?.time, 0)
    }

    @Test("a write 5 s after the lock succeeds; one 12 s after it is refused and the cleanup fails")
    func writeAfterDelayFails() throws {
        let early = Self.trace(try Self.lockThenSave(workMs: 5000))
        #expect(early.outcome.cleanupFinished)
        #expect(!early.records.contains { $0.kind == .writeRefused })

        let late = Self.trace(try Self.lockThenSave(workMs: 12000))
        #expect(!late.outcome.cleanupFinished)
        let refused = late.records.filter { $0.kind == .writeRefused }.map(\.time)
        // Pool start at default QoS (10 ms), 12 s of work, the call's 1 ms cost: 12.011 s.
        expectEqual(refused, [12_011_000_000])
        #expect(!late.records.contains { $0.kind == .effect })
        let text = CellExplanation(late).renderText()
        expectContains(text, "the device locks: files with complete protection become unavailable in 10000 ms")
        expectContains(text, "refuses write: its file has complete protection and the device has been locked")
    }

    @Test("the delay is the setting lifecycle.dataProtectionDelayMs")
    func delayIsASetting() throws {
        let longer = Self.trace(try Self.lockThenSave(workMs: 12000, lifecycle: #""dataProtectionDelayMs": 15000"#))
        #expect(longer.outcome.cleanupFinished)
        let shorter = Self.trace(try Self.lockThenSave(workMs: 5000, lifecycle: #""dataProtectionDelayMs": 4000"#))
        #expect(!shorter.outcome.cleanupFinished)
    }

    @Test("a file protected until first user authentication (the default class) stays writable while locked")
    func otherClassesStayWritable() throws {
        for protection in ["completeUntilFirstUserAuthentication", "none"] {
            let trace = Self.trace(try Self.lockThenSave(workMs: 12000, protection: protection))
            #expect(trace.outcome.cleanupFinished, "\(protection)")
        }
    }

    @Test("an unknown protection class is refused, naming the place and the classes")
    func unknownClass() {
        #expect {
            _ = try Self.lockThenSave(workMs: 1, protection: "completeUnlessLocked")
        } throws: { error in
            "\(error)".contains("systemCalls.write.fileProtection") && "\(error)".contains("\"complete\"")
        }
    }
}

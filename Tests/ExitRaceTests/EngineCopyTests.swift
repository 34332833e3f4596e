import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceKernel

/// `Engine.copy()` must give the copy memory of its own for every ``UnsharedBuffer`` of the engine
/// (a plain copy shares them): a choice point's state and a run resumed from it would otherwise
/// write into the original's contexts, threads or queues. The buffers are found by walking the
/// engine's fields with `Mirror`, so a buffer field added later and left out of `copy()` fails here.
struct EngineCopyTests {
    /// Every ``UnsharedStorage`` reachable through `value`'s stored fields (structs, tuples,
    /// optionals and enums' payloads; not through classes or copy-on-write collections), by path.
    static func buffers(of value: Any, path: String = "engine", into found: inout [(path: String, buffer: any UnsharedStorage)]) {
        if let buffer = value as? any UnsharedStorage { return found.append((path, buffer)) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?, .optional?, .enum?:
            for (index, child) in mirror.children.enumerated() {
                buffers(of: child.value, path: path + "." + (child.label ?? "\(index)"), into: &found)
            }
        default:
            return
        }
    }

    /// An engine in the middle of a run: stopped at `limits.maxEvents` with events still pending,
    /// contexts on queues, threads busy, semaphores and flags in use.
    static func busyEngine() -> Engine {
        let task = #"{"op": "detached", "body": [{"op": "work", "ms": 1}, {"op": "taskSleep", "ms": 5}, {"op": "call", "name": "request"}, {"op": "signal", "semaphore": "done"}]}"#
        let block = #"{"op": "dispatch", "queue": "global", "qos": "utility", "body": [{"op": "work", "ms": 2}, {"op": "set", "flag": "ready"}, {"op": "signal", "semaphore": "done"}]}"#
        let main = #"{"op": "dispatch", "queue": "main", "body": [{"op": "work", "ms": 1}]}"#
        let program = "[" + Array(repeating: task, count: 12).joined(separator: ",") + "," + Array(repeating: block, count: 6).joined(separator: ",")
            + "," + main + "," + main + #", {"op": "wait", "semaphore": "done", "timeoutMs": 500}, {"op": "waitUntil", "flag": "ready", "pollMs": 1}]"#
        let scenario = TestScenario.make(limits: #""maxEvents": 40"#, strategies: ["busy": program])
        let simulator = Simulator(scenario: scenario)
        let outcome = simulator.run(hook: 0, strategy: 0, procedure: 0)
        expectEqual(outcome.boundReached, .events, "the run must stop with work pending")
        return simulator.engine
    }

    @Test func copyOwnsEveryBuffer() {
        let engine = Self.busyEngine()
        #expect(!engine.queue.isEmpty && engine.contexts.count > 10 && engine.threads.count > 2)
        var original: [(path: String, buffer: any UnsharedStorage)] = []
        Self.buffers(of: engine, into: &original)
        let copy = engine.copy()
        var copied: [(path: String, buffer: any UnsharedStorage)] = []
        Self.buffers(of: copy, into: &copied)
        expectEqual(original.map(\.path), copied.map(\.path))
        // The buffers the engine has today, at least: a walk that finds none would prove nothing.
        let paths = Set(original.map(\.path))
        for expected in ["engine.contexts", "engine.threads",
                         "engine.semaphoreValue", "engine.semaphoreWaiters", "engine.flags", "engine.executors.mainQueue"] {
            #expect(paths.contains(expected), "no buffer at \(expected)")
        }

        // The event queue's lists are plain bytes in a class of their own, which the walk does not
        // enter: the copy must hold another, with the same events in other memory.
        #expect(copy.queue.buckets !== engine.queue.buckets && copy.queue.slots != engine.queue.slots)
        #expect(copy.queue.count == engine.queue.count && engine.queue.occupied != 0)
        for slot in 0..<EventQueue<SimEvent>.bucketSlots where engine.queue.occupied & (1 << UInt64(slot)) != 0 {
            #expect(copy.queue.slots[slot].base != engine.queue.slots[slot].base, "slot \(slot) shared")
        }

        // Snapshots of the original's bytes, then the copy's every buffer overwritten.
        let before = original.map { entry in
            entry.buffer.memoryStart.map { Array(UnsafeRawBufferPointer(start: $0, count: entry.buffer.usedBytes)) } ?? []
        }
        for (entry, source) in zip(copied, original) {
            if let start = entry.buffer.memoryStart, let sourceStart = source.buffer.memoryStart {
                #expect(start != sourceStart, "\(entry.path) shares its memory with the original: copy() leaves it out")
            }
            guard entry.buffer.isTrivial, let start = entry.buffer.memoryStart, start != source.buffer.memoryStart else { continue }
            start.initializeMemory(as: UInt8.self, repeating: 0xA5, count: entry.buffer.usedBytes)
        }
        for (index, entry) in original.enumerated() {
            let after = entry.buffer.memoryStart.map { Array(UnsafeRawBufferPointer(start: $0, count: entry.buffer.usedBytes)) } ?? []
            expectEqual(after, before[index], "writing the copy's \(entry.path) changed the original's")
        }
        withExtendedLifetime(copy) {}
    }

    /// The walk itself: a plain copy (which shares every buffer) is caught.
    @Test func plainCopyIsCaught() {
        let engine = Self.busyEngine()
        var original: [(path: String, buffer: any UnsharedStorage)] = []
        Self.buffers(of: engine, into: &original)
        let plain = engine
        var shared: [(path: String, buffer: any UnsharedStorage)] = []
        Self.buffers(of: plain, into: &shared)
        let sharing = zip(original, shared).filter { $0.0.buffer.memoryStart != nil && $0.0.buffer.memoryStart == $0.1.buffer.memoryStart }
        #expect(sharing.count >= 8)
    }
}

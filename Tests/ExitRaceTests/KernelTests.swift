import Testing

@testable import ExitRace
@testable import ExitRaceKernel
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceReport
@testable import ExitRaceBenchmark

@Suite("Kernel: virtual time, heap, event queue")
struct KernelTests {
    @Test("milliseconds become nanoseconds once, rounded half away from zero")
    func millisecondConversion() {
        expectEqual(VirtualDuration.milliseconds(3)?.nanoseconds, 3_000_000)
        expectEqual(VirtualDuration.milliseconds(0.1)?.nanoseconds, 100_000)
        expectEqual(VirtualDuration.milliseconds(0.0000005)?.nanoseconds, 1)
        expectEqual(VirtualDuration.milliseconds(0.0000004)?.nanoseconds, 0)
        expectEqual(VirtualDuration.milliseconds(.infinity), nil)
        expectEqual(VirtualDuration.milliseconds(.nan), nil)
        expectEqual(VirtualDuration.milliseconds(1e300), nil)
    }

    @Test("events come out by time")
    func orderedByTime() {
        var queue = EventQueue<Int>()
        for (payload, time) in [(1, 30), (2, 10), (3, 20)] {
            queue.schedule(payload, at: VirtualInstant(nanoseconds: Int64(time)))
        }
        var order: [Int] = []
        while let entry = queue.next() { order.append(entry.payload) }
        expectEqual(order, [2, 3, 1])
    }

    @Test("equal times run in the order they were scheduled")
    func tiesBreakBySchedulingOrder() {
        var queue = EventQueue<Int>()
        for payload in 0..<100 { queue.schedule(payload, at: VirtualInstant(nanoseconds: 5)) }
        queue.schedule(-1, at: VirtualInstant(nanoseconds: 4))
        var order: [Int] = []
        while let entry = queue.next() { order.append(entry.payload) }
        expectEqual(order, [-1] + Array(0..<100))
    }

    @Test("an event scheduled at `now` from a handler runs after the events already due now")
    func schedulingAtNowQueuesBehind() {
        var queue = EventQueue<String>()
        queue.schedule("a", at: VirtualInstant(nanoseconds: 7))
        queue.schedule("b", at: VirtualInstant(nanoseconds: 7))
        var order: [String] = []
        while let entry = queue.next() {
            order.append(entry.payload)
            if entry.payload == "a" { queue.schedule("c", at: queue.now) }
        }
        expectEqual(order, ["a", "b", "c"])
    }

    @Test("entries compare consistently: == agrees with <")
    func equalityAgreesWithOrder() {
        typealias Entry = EventQueue<Int>.Entry
        let a = Entry(time: VirtualInstant(nanoseconds: 1), sequence: 1, payload: 10)
        let b = Entry(time: VirtualInstant(nanoseconds: 1), sequence: 1, payload: 20)
        let c = Entry(time: VirtualInstant(nanoseconds: 1), sequence: 2, payload: 10)
        #expect(a == b && !(a < b) && !(b < a))
        #expect(a != c && a < c)
    }

    @Test("seeded random schedules: the clock never moves back, ties keep FIFO order, the heap and lane stay ordered")
    func randomizedOrdering() {
        let seed: UInt64 = 0x5EED_0001
        var rng = SplitMix64(seed: seed)
        var queue = EventQueue<(sequence: Int, time: Int64)>()
        var scheduled = 0
        var last: (time: Int64, sequence: Int) = (-1, -1)
        for round in 0..<2_000 {
            for _ in 0..<Int(rng.next() % 4) {
                let time = queue.now.nanoseconds + Int64(rng.next() % 5)
                queue.schedule((scheduled, time), at: VirtualInstant(nanoseconds: time))
                scheduled += 1
            }
            #if DEBUG  // the engine checks only the queue's times after every event; its heap's order is checked here
            queue.checkInvariants()
            #endif
            guard round % 2 == 0, let entry = queue.next() else { continue }
            expectEqual(entry.time.nanoseconds, entry.payload.time, "seed \(seed)")
            #expect(entry.payload.time >= last.time, "clock moved back; seed \(seed)")
            if entry.payload.time == last.time {
                #expect(entry.payload.sequence > last.sequence, "tie out of order; seed \(seed)")
            }
            last = (entry.payload.time, entry.payload.sequence)
        }
    }

    @Test("the heap pops in sorted order for seeded random input")
    func heapSorts() {
        let seed: UInt64 = 42
        var rng = SplitMix64(seed: seed)
        var heap = BinaryHeap<Int>()
        var values: [Int] = []
        for _ in 0..<5_000 {
            let value = Int(rng.next() % 1_000)
            values.append(value)
            heap.insert(value)
        }
        var popped: [Int] = []
        while let value = heap.popMin() { popped.append(value) }
        expectEqual(popped, values.sorted(), "seed \(seed)")
    }

    @Test("the event heap pops in sorted order, interleaved with inserts, ties first in first out")
    func eventHeapSorts() {
        let seed: UInt64 = 7
        var rng = SplitMix64(seed: seed)
        var heap = EventHeap<Stamped>()
        var stamps = Stamped.Clock()
        var reference: [Stamped] = []
        for round in 0..<5_000 {
            // Values from a small range: ties are common, so the heap's time-only comparison for
            // the newest element (`precedes(newer:)`) decides many placements.
            let value = stamps.next(Int(rng.next() % 50))
            heap.insert(value)
            reference.append(value)
            if round % 3 == 0 {
                reference.sort()
                expectEqual(heap.popMin(), reference.removeFirst(), "seed \(seed)")
            }
        }
        reference.sort()
        var popped: [Stamped] = []
        while let value = heap.popMin() { popped.append(value) }
        expectEqual(popped, reference, "seed \(seed)")
    }

    @Test("the event heap's count and smallest element are right while a removal's hole is open")
    func eventHeapHole() {
        let seed: UInt64 = 11
        var rng = SplitMix64(seed: seed)
        var heap = EventHeap<Stamped>()
        var stamps = Stamped.Clock()
        var reference: [Stamped] = []  // kept sorted: a new element goes after those equal to it
        for _ in 0..<3_000 {
            // Pops and pushes at random, so that holes are filled by insertions and by removals
            // alike, and the heap empties now and then.
            if rng.next() % 2 == 0 {
                let value = stamps.next(Int(rng.next() % 100))
                heap.insert(value)
                reference.insert(value, at: reference.firstIndex { $0.value > value.value } ?? reference.count)
            } else {
                let expected = reference.isEmpty ? nil : reference.removeFirst()
                expectEqual(heap.popMin(), expected, "seed \(seed)")
            }
            #expect(heap.count == reference.count && heap.isEmpty == reference.isEmpty, "seed \(seed)")
            expectEqual(heap.min, reference.first, "seed \(seed)")
            #if DEBUG  // the library's invariant checks exist in debug builds only (EXITRACE_INVARIANTS)
            heap.checkInvariants()
            #endif
        }
    }

    /// An element of the event heap made as the event queue makes its entries: a value (the
    /// queue's time) and a stamp that grows with every element made (its sequence number).
    struct Stamped: SequencedElement, CustomStringConvertible {
        var value: Int
        var stamp: Int

        /// Stamps values in the order they are made.
        struct Clock {
            private var made = 0
            mutating func next(_ value: Int) -> Stamped {
                made += 1
                return Stamped(value: value, stamp: made)
            }
        }

        static func < (a: Stamped, b: Stamped) -> Bool { (a.value, a.stamp) < (b.value, b.stamp) }
        func precedes(newer: Stamped) -> Bool { value <= newer.value }
        var description: String { "\(value)#\(stamp)" }
    }

    @Test("a reusable array empties in place and refills to any length")
    func reusableArray() {
        var array = ReusableArray<Int32>()
        array.refill(-1, count: 3)
        expectEqual(Array(array), [-1, -1, -1])
        array[1] = 5
        array.append(9)
        expectEqual(Array(array), [-1, 5, -1, 9])
        expectEqual(array.popLast(), 9)
        array.empty()
        #expect(array.isEmpty)
        array.append(4)
        expectEqual(Array(array), [4])
        array.refill(0, count: 6)
        expectEqual(Array(array), [0, 0, 0, 0, 0, 0])
    }

    @Test("ready jobs: higher priority first, then first come first served")
    func readyJobOrder() {
        let late = ReadyJob(priority: 25, sequence: 9, context: 0)
        let early = ReadyJob(priority: 25, sequence: 2, context: 1)
        let urgent = ReadyJob(priority: 33, sequence: 10, context: 2)
        #expect(early < late && urgent < early && !(late < early))
        #expect(urgent.priority == 33 && urgent.sequence == 10 && urgent.context == 2)
    }

    @Test("SplitMix64 is the published sequence")
    func splitMixReference() {
        // First outputs for seed 1234567, as in the reference implementation.
        var rng = SplitMix64(seed: 1_234_567)
        expectEqual(rng.next(), 6_457_827_717_110_365_317)
        expectEqual(rng.next(), 3_203_168_211_198_807_973)
    }
}

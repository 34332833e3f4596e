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
        // Payloads are plain bytes (the queue requires it): the letters' code points.
        var queue = EventQueue<Unicode.Scalar>()
        queue.schedule("a", at: VirtualInstant(nanoseconds: 7))
        queue.schedule("b", at: VirtualInstant(nanoseconds: 7))
        var order: [Unicode.Scalar] = []
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

    @Test("seeded random schedules: the clock never moves back, ties keep FIFO order, the lists stay ordered")
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
            #if DEBUG  // the engine checks only the queue's due list after every event; its buckets are checked here
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

    /// Schedules and takes at random against a sorted reference, in phases that each end by
    /// draining the queue (and every fourth by a reset, back to time 0): times from `now` on at
    /// distances of every size up to 2^63 (ties at `now` and small distances most often), so that
    /// every bucket fills and is spread; the count, the next time, whether an event is due now and
    /// the invariants checked after every change.
    @Test("the radix queue pops in (time, sequence) order against a sorted reference, every bucket spread")
    func radixQueueSorts() {
        for seed: UInt64 in [7, 8, 9] {
            var rng = SplitMix64(seed: seed)
            var queue = EventQueue<Int>()
            var reference: [EventQueue<Int>.Entry] = []  // sorted: a new entry goes after those tied with it
            var scheduled = 0
            var spread: UInt64 = 0  // the buckets that were spread
            func take() {
                if !queue.hasEventNow && queue.occupied != 0 { spread |= 1 << UInt64(queue.occupied.trailingZeroBitCount) }
                let expected = reference.isEmpty ? nil : reference.removeFirst()
                let taken = queue.next()
                expectEqual(taken?.payload, expected?.payload, "seed \(seed)")
                expectEqual(taken?.time, expected?.time, "seed \(seed)")
            }
            func check() {
                #expect(queue.count == reference.count && queue.isEmpty == reference.isEmpty, "seed \(seed)")
                expectEqual(queue.nextTime, reference.first?.time, "seed \(seed)")
                #expect(queue.hasEventNow == (reference.first?.time == queue.now), "seed \(seed)")
                #if DEBUG  // the library's invariant checks exist in debug builds only (EXITRACE_INVARIANTS)
                queue.checkInvariants()
                #endif
            }
            for phase in 0..<40 {
                for _ in 0..<200 {
                    if rng.next() % 5 < 3 {
                        let bits = Int(rng.next() % 64)
                        let distance = bits == 0 ? 0 : Int64(rng.next() % (UInt64(1) << UInt64(bits)))
                        let (time, overflow) = queue.now.nanoseconds.addingReportingOverflow(
                            rng.next() % 3 == 0 ? distance : distance % 4)
                        guard !overflow else { continue }
                        let entry = EventQueue<Int>.Entry(
                            time: VirtualInstant(nanoseconds: time), sequence: UInt64(scheduled), payload: scheduled)
                        queue.schedule(scheduled, at: entry.time)
                        scheduled += 1
                        reference.insert(entry, at: reference.firstIndex { entry < $0 } ?? reference.count)
                    } else {
                        take()
                    }
                    check()
                }
                while !reference.isEmpty {
                    take()
                    check()
                }
                #expect(queue.next() == nil, "seed \(seed)")
                if phase % 4 == 3 {
                    queue.reset()
                    check()
                }
            }
            expectEqual(spread, ~1, "the buckets spread, seed \(seed)")
        }
    }

    @Test("a copied queue goes on by itself: the original and the copy pop the same events, each its own")
    func copiedQueueIsIndependent() {
        var rng = SplitMix64(seed: 3)
        var original = EventQueue<Int>()
        for payload in 0..<300 { original.schedule(payload, at: VirtualInstant(nanoseconds: Int64(rng.next() % 10_000))) }
        for _ in 0..<100 { _ = original.next() }
        var copy = original.copied()
        var fromCopy: [Int] = []
        // The copy is changed first: scheduling into it must not write into the original's lists.
        copy.schedule(-1, at: copy.now)
        copy.schedule(-2, at: VirtualInstant(nanoseconds: copy.now.nanoseconds + 1))
        while let entry = copy.next() { fromCopy.append(entry.payload) }
        var fromOriginal: [Int] = []
        while let entry = original.next() { fromOriginal.append(entry.payload) }
        expectEqual(fromOriginal.count, 200)
        expectEqual(fromCopy.filter { $0 >= 0 }, fromOriginal)
        #expect(fromCopy.contains(-1) && fromCopy.contains(-2))
    }

    @Test("a reset queue starts over at time 0 with sequence 0, keeping a small list's memory")
    func resetQueueStartsOver() {
        var queue = EventQueue<Int>()
        for payload in 0..<50 { queue.schedule(payload, at: VirtualInstant(nanoseconds: Int64(1 << (payload % 40)))) }
        _ = queue.next()
        let reserved = queue.buckets.reservedEntries
        queue.reset()
        #expect(queue.isEmpty && queue.count == 0 && queue.nextTime == nil && queue.now == .start)
        expectEqual(queue.buckets.reservedEntries, reserved)
        queue.schedule(1, at: VirtualInstant(nanoseconds: 5))
        queue.schedule(0, at: .start)
        expectEqual(queue.next()?.sequence, 1)
        expectEqual(queue.next()?.payload, 1)
        #expect(queue.next() == nil)
    }

    /// What the queue holds follows the events pending: waves of events at 40 time scales, each
    /// taken before the next, leave no more than ``EventBuckets/keptCapacity`` entries of room per
    /// list, where a list that kept its largest block would hold each wave's size in each bucket
    /// it passed through.
    @Test("the queue's memory follows the events pending, not the largest each list ever held")
    func memoryFollowsPendingEvents() {
        var queue = EventQueue<Int>()
        var rng = SplitMix64(seed: 5)
        for scale in 0..<40 {
            for payload in 0..<20_000 {
                let distance = Int64(rng.next() % (UInt64(1) << UInt64(scale + 1)))
                queue.schedule(payload, at: VirtualInstant(nanoseconds: queue.now.nanoseconds + 1 + distance))
            }
            while queue.next() != nil {}
            #expect(queue.buckets.reservedEntries <= EventQueue<Int>.bucketSlots * EventBuckets.keptCapacity, "scale \(scale)")
        }
    }

    @Test("a bucket of events all at one time becomes the due list as it is, in order")
    func uniformBucketIsTraded() {
        var queue = EventQueue<Int>()
        for payload in 0..<10_000 { queue.schedule(payload, at: VirtualInstant(nanoseconds: 1 << 30)) }
        let reserved = queue.buckets.reservedEntries
        var taken: [Int] = []
        while let entry = queue.next() { taken.append(entry.payload) }
        expectEqual(taken, Array(0..<10_000))
        // Traded, not copied: the due list took the bucket's block, and gave it back once empty.
        #expect(queue.buckets.reservedEntries < reserved)
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

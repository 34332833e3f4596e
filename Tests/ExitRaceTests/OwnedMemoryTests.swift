import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory the engine keeps pointers into is memory it owns: ``OpTable`` and ``UnsharedBuffer``.
struct OwnedMemoryTests {
    /// The table copies the ops into memory of its own: the array it was built from may go.
    @Test func opTableOutlivesItsArray() {
        var table = OpTable()
        expectEqual(table.count, 0)
        do {
            var ops = ContiguousArray<Op>()
            for index in 0..<100 { ops.append(Op(kind: .work, a: Int32(index), b: Int32(-index), slot: Int32(index % 7))) }
            table = OpTable(ops)
            ops.removeAll()
            ops.append(Op(kind: .exit))
        }
        expectEqual(table.count, 100)
        for pc in Int32(0)..<100 {
            #expect(table[pc].kind == .work && table[pc].a == pc && table[pc].b == -pc && table[pc].slot == pc % 7)
        }
        let copy = table
        table = OpTable()
        expectEqual(copy[99].a, 99)
    }

    /// A type that is not trivial gets every slot past its elements initialized from the filler,
    /// and deinitialized with the memory.
    @Test func nonTrivialSlotsAreFilled() {
        var buffer = UnsharedBuffer<String>()
        for index in 0..<20 { buffer.append("element \(index)") }
        #expect(buffer.count == 20 && buffer.capacity >= 20)
        expectEqual(buffer[19], "element 19")
        let copy = buffer.copied()
        buffer[0] = "changed"
        #expect(copy[0] == "element 0" && copy.count == 20)
        buffer.refill("x", count: 40)
        #expect(buffer.count == 40 && buffer[39] == "x")
    }

    #if DEBUG
    /// The engine's buffers check an index in a debug build (every test's), as an unsafe buffer
    /// pointer does, and not in a release build (see ``UnsharedBuffer``): one past the count stops
    /// the process.
    @Test func indexPastTheCountStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            var buffer = UnsharedBuffer<Int32>()
            buffer.append(7)
            _ = buffer[1]
        }
        await #expect(processExitsWith: .failure) {
            var buffer = UnsharedBuffer<Int32>()
            buffer.append(7)
            buffer[-1] = 0
        }
    }

    /// So does the op table, for a `pc` past its ops.
    @Test func opPastTheTableStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let table = OpTable(ContiguousArray([Op(kind: .exit)]))
            _ = table[1]
        }
    }
    #endif

    /// Without a filler, slots past the elements of a type that is not trivial would stay
    /// uninitialized, and be deinitialized all the same: the owner refuses.
    @Test func nonTrivialWithoutFillerIsRefused() async {
        await #expect(processExitsWith: .failure) {
            var source = ["a"]
            source.withUnsafeMutableBufferPointer { elements in
                _ = UnsharedBuffer<String>.Owner(capacity: 4, copying: 1, from: elements.baseAddress!, filler: nil)
            }
        }
    }

    /// Growth keeps the elements, by `realloc` when the buffer alone holds its memory, and by a
    /// move to new memory when a plain copy shares it: the copy keeps the old elements and slots.
    @Test func growthKeepsElementsAndLeavesSharersAlone() {
        var buffer = UnsharedBuffer<Int64>()
        for index in 0..<1_000 { buffer.append(Int64(index) * 3) }
        #expect(buffer.count == 1_000 && buffer.capacity == 1_024)
        #expect(buffer.indices.allSatisfy { buffer[$0] == Int64($0) * 3 })
        let shared = buffer
        for index in 1_000..<5_000 { buffer.append(Int64(index) * 3) }
        #expect(buffer.indices.allSatisfy { buffer[$0] == Int64($0) * 3 })
        #expect(shared.count == 1_000 && shared.capacity == 1_024 && shared.memoryStart != buffer.memoryStart)
        #expect(shared.indices.allSatisfy { shared[$0] == Int64($0) * 3 })
        expectEqual(MemoryShortage.count, 0, "growth with memory to spare counts no shortage")
    }

    #if os(Linux)
    /// Limits this process's address space to the pages it maps now (statm's first field) and
    /// 192 MiB more: for a child process of an exit test, whose limit is its own.
    static func limitAddressSpaceTo192MiBMore() {
        let statm = try! String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let mapped = Int(statm.split(separator: " ")[0])! * Int(sysconf(Int32(_SC_PAGESIZE)))
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        var limit = rlimit()
        precondition(getrlimit(resource, &limit) == 0, "getrlimit failed")
        limit.rlim_cur = rlim_t(mapped + 192 << 20)
        precondition(setrlimit(resource, &limit) == 0, "setrlimit failed")
    }
    #endif

    /// Under an address-space limit a little above what the process maps, a buffer that keeps
    /// growing finds memory short: it counts a ``MemoryShortage`` on its thread and grows by less,
    /// its elements intact, instead of aborting. (A child process: the limit is its own.)
    #if os(Linux)
    @Test func shortMemoryIsCountedNotFatal() async {
        await #expect(processExitsWith: .success) {
            Self.limitAddressSpaceTo192MiBMore()
            struct Wide { var words: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) }
            var buffer = UnsharedBuffer<Wide>()
            var appended: Int64 = 0
            // At 64 bytes an element, 192 MiB is 3 million: stop well after the first shortage.
            while MemoryShortage.count == 0 {
                buffer.append(Wide(words: (appended, 0, 0, 0, 0, 0, 0, appended)))
                appended += 1
                precondition(appended < 4_000_000, "no shortage under the limit")
            }
            let shortAt = buffer.count
            for _ in 0..<1_000 {
                buffer.append(Wide(words: (appended, 0, 0, 0, 0, 0, 0, appended)))
                appended += 1
            }
            precondition(buffer.count == shortAt + 1_000 && buffer.capacity < 2 * shortAt, "grew by less after the shortage")
            for index in stride(from: 0, to: buffer.count, by: 997) {
                precondition(buffer[index].words.0 == Int64(index) && buffer[index].words.7 == Int64(index), "an element lost")
            }
        }
    }

    /// The event queue's buckets grow as a buffer does: under the same limit, events scheduled
    /// into one bucket (all at one time, later than `now`) find memory short, count a
    /// ``MemoryShortage`` and go on by smaller steps; taken under the same limit (the bucket, all
    /// at one time, becomes the due list as it is: no memory asked for), they come out intact and
    /// in order.
    @Test func shortMemoryInTheEventQueueIsCountedNotFatal() async {
        await #expect(processExitsWith: .success) {
            Self.limitAddressSpaceTo192MiBMore()
            var queue = EventQueue<Int64>()
            var scheduled: Int64 = 0
            // At 24 bytes an event, 192 MiB is 8 million: stop well after the first shortage.
            while MemoryShortage.count == 0 {
                queue.schedule(scheduled, at: VirtualInstant(nanoseconds: 1_000))
                scheduled += 1
                precondition(scheduled < 10_000_000, "no shortage under the limit")
            }
            for _ in 0..<1_000 {
                queue.schedule(scheduled, at: VirtualInstant(nanoseconds: 1_000))
                scheduled += 1
            }
            precondition(queue.count == Int(scheduled), "an event lost")
            var taken: Int64 = 0
            while let entry = queue.next() {
                precondition(entry.payload == taken && entry.time.nanoseconds == 1_000, "an event out of order")
                taken += 1
            }
            precondition(taken == scheduled, "an event lost")
        }
    }

    /// A spread that needs memory the system has not (events at two times in one bucket, the
    /// limit as above, taken under it) stalls the queue instead of the process: the events handed
    /// out are in order, the rest are still pending, and none is lost or handed out twice.
    @Test func spreadShortOfMemoryStallsTheQueue() async {
        await #expect(processExitsWith: .success) {
            Self.limitAddressSpaceTo192MiBMore()
            var queue = EventQueue<Int64>()
            var scheduled: Int64 = 0
            // Times 1,000 and 1,001 share bucket 10. Filled until the memory left is short of a
            // few smaller steps: a spread needs as much again as the bucket holds.
            while MemoryShortage.count < 4 {
                queue.schedule(scheduled, at: VirtualInstant(nanoseconds: 1_000 + scheduled % 2))
                scheduled += 1
                precondition(scheduled < 10_000_000, "no shortage under the limit")
            }
            var last: (time: Int64, payload: Int64) = (0, -1)
            var taken: Int64 = 0
            while let entry = queue.next() {
                let inOrder = entry.time.nanoseconds > last.time || (entry.time.nanoseconds == last.time && entry.payload > last.payload)
                precondition(inOrder, "an event out of order")
                last = (entry.time.nanoseconds, entry.payload)
                taken += 1
            }
            precondition(queue.isStalled, "the spread found memory: the test needs a smaller limit")
            precondition(taken + Int64(queue.count) == scheduled, "an event lost or handed out twice")
        }
    }
    #endif
}

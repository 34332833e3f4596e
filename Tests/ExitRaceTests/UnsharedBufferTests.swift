import Testing

@testable import ExitRaceKernel

/// ``UnsharedBuffer``'s invariants (Sources/ExitRace/Kernel/UnsharedBuffer.swift): elements in
/// order through growth, memory reused after emptying, plain copies sharing, `copied()` not.
@Suite("Kernel: the engine's unshared buffer")
struct UnsharedBufferTests {
    @Test("appends keep their order as the memory grows, and pops take the last")
    func appendGrowPop() {
        var buffer = UnsharedBuffer<Int32>()
        #expect(buffer.isEmpty)
        expectEqual(buffer.popLast(), nil)
        for value in 0..<100 { buffer.append(Int32(value)) }
        expectEqual(buffer.count, 100)
        expectEqual(Array(buffer), (0..<100).map { Int32($0) })
        expectEqual(buffer.popLast(), 99)
        expectEqual(buffer.count, 99)
        buffer[5] = -5
        buffer[6] += 100
        #expect(buffer[5] == -5 && buffer[6] == 106)
    }

    @Test("emptying and refilling reuse the memory")
    func emptyRefillTruncate() {
        var buffer = UnsharedBuffer<Int64>()
        buffer.refill(7, count: 20)
        expectEqual(Array(buffer), Array(repeating: 7, count: 20))
        let base = buffer.base
        buffer.empty()
        #expect(buffer.isEmpty)
        buffer.refill(-1, count: 10)
        expectEqual(Array(buffer), Array(repeating: -1, count: 10))
        expectEqual(buffer.base, base)
        buffer.truncate(to: 3)
        expectEqual(Array(buffer), [-1, -1, -1])
        buffer.append(2)
        expectEqual(Array(buffer), [-1, -1, -1, 2])
        expectEqual(buffer.base, base)
    }

    @Test("a plain copy shares the elements; copied() does not")
    func copies() {
        var original = UnsharedBuffer<Int32>()
        for value in 0..<10 { original.append(Int32(value)) }
        let shared = original
        original[0] = 42
        expectEqual(shared[0], 42)
        var own = original.copied()
        expectEqual(Array(own), Array(original))
        own[1] = -1
        own.append(10)
        original[2] = -2
        #expect(original[1] == 1 && own[2] == 2)
        #expect(own.count == 11 && original.count == 10)
        #expect(UnsharedBuffer<Int32>().copied().isEmpty)
    }

    @Test("structs of integers, as the engine keeps them")
    func structs() {
        struct Pair: Equatable {
            var a: Int32
            var b: UInt8
        }
        var buffer = UnsharedBuffer<Pair>()
        for value in 0..<9 { buffer.append(Pair(a: Int32(value), b: UInt8(value))) }
        buffer[8].b = 200
        let copy = buffer.copied()
        buffer[8].a = 0
        expectEqual(copy[8], Pair(a: 8, b: 200))
        expectEqual(buffer[8], Pair(a: 0, b: 200))
    }
}

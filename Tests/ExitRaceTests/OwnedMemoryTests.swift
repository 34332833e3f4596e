import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceKernel

/// Memory the engine keeps pointers into is memory it owns: ``OpTable`` and ``UnsharedBuffer``.
struct OwnedMemoryTests {
    /// The table copies the ops into memory of its own: the array it was built from may go.
    @Test func opTableOutlivesItsArray() {
        var table = OpTable()
        #expect(table.count == 0)
        do {
            var ops = ContiguousArray<Op>()
            for index in 0..<100 { ops.append(Op(kind: .work, a: Int32(index), b: Int32(-index), slot: Int32(index % 7))) }
            table = OpTable(ops)
            ops.removeAll()
            ops.append(Op(kind: .exit))
        }
        #expect(table.count == 100)
        for pc in Int32(0)..<100 {
            #expect(table[pc].kind == .work && table[pc].a == pc && table[pc].b == -pc && table[pc].slot == pc % 7)
        }
        let copy = table
        table = OpTable()
        #expect(copy[99].a == 99)
    }

    /// A type that is not trivial gets every slot past its elements initialized from the filler,
    /// and deinitialized with the memory.
    @Test func nonTrivialSlotsAreFilled() {
        var buffer = UnsharedBuffer<String>()
        for index in 0..<20 { buffer.append("element \(index)") }
        #expect(buffer.count == 20 && buffer.capacity >= 20)
        #expect(buffer[19] == "element 19")
        let copy = buffer.copied()
        buffer[0] = "changed"
        #expect(copy[0] == "element 0" && copy.count == 20)
        buffer.refill("x", count: 40)
        #expect(buffer.count == 40 && buffer[39] == "x")
    }

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
}

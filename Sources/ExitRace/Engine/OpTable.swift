/// A run's compiled ops as the event loop reads them: one op per step of a thread, from memory whose
/// address the engine keeps inline.
///
/// Read through the program (`program.ops[pc]`), an op was three loads one after the other (the
/// program object, its array's buffer, the op) with a bounds check against a count read from the
/// buffer; here it is the op's own load, with the base and the count beside the engine's other
/// fields. The table holds the array it reads (so its memory lives as long as the table) and never
/// changes it, so the address it took stays that array's.
struct OpTable {
    /// The ops; held so that `base` stays valid.
    private let storage: ContiguousArray<Op>
    private let base: UnsafePointer<Op>
    let count: Int

    init() { self.init(ContiguousArray()) }

    init(_ ops: ContiguousArray<Op>) {
        storage = ops
        count = ops.count
        // An empty array has no buffer of its own to point at: `base` is then never read.
        base = ops.withUnsafeBufferPointer { $0.baseAddress } ?? UnsafePointer(bitPattern: MemoryLayout<Op>.alignment)!
    }

    /// The op at `pc`.
    @inline(__always)
    subscript(pc: Int32) -> Op {
        precondition(UInt(bitPattern: Int(pc)) < UInt(bitPattern: count), "op index out of range")
        return base[Int(pc)]
    }
}

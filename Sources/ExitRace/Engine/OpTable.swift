/// A run's compiled ops as the event loop reads them: one op per step of a thread, from memory whose
/// address the engine keeps inline.
///
/// Read through the program (`program.ops[pc]`), an op was three loads one after the other (the
/// program object, its array's buffer, the op) with a bounds check against a count read from the
/// buffer; here it is the op's own load, with the base and the count beside the engine's other
/// fields.
///
/// The memory is the table's own: ``Storage`` allocates it, copies the ops into it once (when the
/// program is compiled) and frees it when the last table holding it goes. A table is immutable,
/// so `base` stays valid for as long as the table (or any copy of it) lives; no pointer escapes a
/// closure it was lent to. ``CellProgram`` builds its table once, so a run takes it with one retain
/// and allocates nothing.
struct OpTable: @unchecked Sendable {  // immutable: its memory is written once, before anyone can read it
    /// Owns the ops' memory: allocated and initialized in `init`, deinitialized and freed in `deinit`.
    private final class Storage {
        let base: UnsafeMutablePointer<Op>
        let count: Int

        init(_ ops: ContiguousArray<Op>) {
            count = ops.count
            base = .allocate(capacity: Swift.max(count, 1))
            ops.withUnsafeBufferPointer { source in
                if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
            }
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Holds the memory `base` points into.
    private let storage: Storage
    private let base: UnsafePointer<Op>
    let count: Int

    init() { self.init(ContiguousArray()) }

    /// A table of its own holding a copy of `ops`. - Complexity: O(`ops.count`), one allocation.
    init(_ ops: ContiguousArray<Op>) {
        storage = Storage(ops)
        base = UnsafePointer(storage.base)
        count = storage.count
    }

    /// The op at `pc`, checked against the count in a debug build only, as an ``UnsharedBuffer``'s
    /// index is: every `pc` is one the compiled program made (a context's start, end or jump).
    @inline(__always)
    subscript(pc: Int32) -> Op {
        assert(UInt(bitPattern: Int(pc)) < UInt(bitPattern: count), "op index out of range")
        return base[Int(pc)]
    }
}

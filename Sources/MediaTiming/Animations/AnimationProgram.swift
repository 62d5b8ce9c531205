/// A layer's animations compiled into one block of plain memory, in the order they apply: a
/// sequence of instructions, each an ``InstructionHeader`` followed by its curve.
///
/// The per-frame path reads it with loads alone: no reference counting, no existential or
/// protocol dispatch, no dictionary or array bounds checks, and one block of memory per layer
/// rather than a table per value type (see ``ProgramMemory`` for where it lives). The layer rebuilds it (``ProgramBuilder``) whenever its
/// list of animations changes and frees it when it is deinitialised; it is never shared.
struct AnimationProgram {
    /// The first instruction, or `nil` when there are none.
    private(set) var start: UnsafeMutableRawPointer?
    /// The length of the instructions in bytes.
    private(set) var byteCount = 0

    /// An empty program.
    init() {}

    /// Replaces the instructions with the bytes `builder` assembled, freeing the old ones.
    mutating func replace(with builder: ProgramBuilder) {
        deallocate()
        guard !builder.bytes.isEmpty else { return }
        let memory = ProgramMemory.allocate(byteCount: builder.bytes.count)
        builder.bytes.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress { memory.copyMemory(from: source, byteCount: bytes.count) }
        }
        start = memory
        byteCount = builder.bytes.count
    }

    /// Frees the instructions; the program is empty afterwards.
    mutating func deallocate() {
        if let start { ProgramMemory.deallocate(start, byteCount: byteCount) }
        start = nil
        byteCount = 0
    }
}

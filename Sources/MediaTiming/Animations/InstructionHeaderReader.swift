/// An ``InstructionHeader`` read in place from an ``AnimationProgram``: each field is loaded where
/// it is used. (Loading the whole header at once copies it to the stack, where the loop over
/// instructions, short of registers, then reads it back: about eight instructions per animation.)
struct InstructionHeaderReader {
    /// Where the header starts.
    let base: UnsafeRawPointer

    @inline(__always)
    private func field<Field>(_ key: KeyPath<InstructionHeader, Field>) -> Field {
        base.load(fromByteOffset: MemoryLayout<InstructionHeader>.offset(of: key) ?? 0, as: Field.self)
    }

    var timing: ResolvedTiming { @inline(__always) get { field(\.timing) } }
    var byteCount: UInt32 { @inline(__always) get { field(\.byteCount) } }
    var fieldOffset: UInt16 { @inline(__always) get { field(\.fieldOffset) } }
    var valueKind: ValueKind { @inline(__always) get { field(\.valueKind) } }
    var curveKind: CurveKind { @inline(__always) get { field(\.curveKind) } }
    var flags: InstructionFlags { @inline(__always) get { field(\.flags) } }
    var component: TransformComponent { @inline(__always) get { field(\.component) } }
    var activeKernel: ActiveKernel { @inline(__always) get { field(\.activeKernel) } }

    // The timing's fields one by one, for the kernels that read only some of them.
    var beginTime: Double { @inline(__always) get { field(\.timing.beginTime) } }
    var speed: Double { @inline(__always) get { field(\.timing.speed) } }
    var timeOffset: Double { @inline(__always) get { field(\.timing.timeOffset) } }
    var iterationDuration: Double { @inline(__always) get { field(\.timing.iterationDuration) } }
    var activeDuration: Double { @inline(__always) get { field(\.timing.activeDuration) } }
    var autoreverses: Bool { @inline(__always) get { field(\.timing.autoreverses) } }
}

/// One evaluation of an ``AnimationProgram`` into a ``LayerState``: every instruction in order,
/// each writing its field, and the stretch of local times over which the result stays the same.
struct ProgramRun {
    /// The state being written.
    let state: UnsafeMutableRawPointer
    /// The model state the first instruction on each field reads the value beneath from, or `nil`
    /// to read it from `state` (which then holds the model).
    let model: UnsafeRawPointer?
    /// The local times at which every instruction gives what it gave in this run (see
    /// ``ResolvedTiming/progress(atParentTime:narrowing:)``).
    private(set) var unchanged = UnchangingInterval.everywhere

    init(state: UnsafeMutableRawPointer, model: UnsafeRawPointer?) {
        self.state = state
        self.model = model
    }

    /// Runs the instructions of `program` at local time `localTime`. (Kept out of line, and small:
    /// each instruction goes to its kernel, or to the general path out of line.)
    @inline(never)
    mutating func run(_ program: AnimationProgram, atLocalTime localTime: Double) {
        guard let start = program.start else { return }
        var cursor = UnsafeRawPointer(start)
        let end = cursor + program.byteCount
        // Whether a kernel evaluated an instruction in its active interval: the result then holds
        // at `localTime` alone (the narrowing is the same for all of them, so it is done once).
        var isActive = false
        repeat {
            let header = InstructionHeaderReader(base: cursor)
            if ActiveKernels.run(header.activeKernel, at: cursor, into: state, atLocalTime: localTime) {
                isActive = true
            } else {
                runGenerally(header, at: cursor, atLocalTime: localTime)
            }
            cursor += Int(header.byteCount)
        } while cursor < end
        if isActive { unchanged.narrow(toJust: localTime) }
    }

    /// Runs the instruction whose header, `header`, is at `cursor` by the general path: the whole
    /// timing computation, then the group or the value.
    @inline(never)
    private mutating func runGenerally(
        _ header: InstructionHeaderReader, at cursor: UnsafeRawPointer, atLocalTime localTime: Double
    ) {
        var progress = header.timing.progress(atParentTime: localTime, narrowing: &unchanged)
        if header.flags.contains(.isRemovedOnCompletion) && progress?.phase == .after { progress = nil }
        // (A group's own interval covers its children's: while it is active it changes with
        // every time, and otherwise its time, and so theirs, stands still.)
        _ = perform(header, at: cursor, progress: progress)
    }

    /// Runs a group's children, from after its layout to `end`, in the group's time at `progress`;
    /// with `progress` `nil` (the group has no effect now) none of them has an effect.
    @inline(never)
    private func runGroup(
        _ header: InstructionHeaderReader, payload: UnsafeRawPointer, end: UnsafeRawPointer,
        progress: TimingProgress?
    ) {
        let childTime = progress.map {
            payload.load(as: GroupLayout.self).childTime(
                for: $0, iterationDuration: header.timing.iterationDuration)
        }
        var cursor = payload + MemoryLayout<GroupLayout>.stride
        while cursor < end {
            let child = InstructionHeaderReader(base: cursor)
            // Inside a group only the group's isRemovedOnCompletion counts.
            cursor = perform(
                child, at: cursor, progress: childTime.flatMap { child.timing.progress(atParentTime: $0) })
        }
    }

    /// Performs the instruction whose header, `header`, is at `cursor`: runs a group or writes a
    /// value. Returns where the next instruction starts.
    @inline(__always)
    private func perform(
        _ header: InstructionHeaderReader, at cursor: UnsafeRawPointer, progress: TimingProgress?
    ) -> UnsafeRawPointer {
        let payload = cursor + InstructionHeader.payloadOffset
        let next = cursor + Int(header.byteCount)
        if header.curveKind == .group {
            runGroup(header, payload: payload, end: next, progress: progress)
        } else {
            execute(header, payload: payload, progress: progress)
        }
        return next
    }

    /// Writes one instruction's value: its curve at `progress`, or the value beneath it when
    /// `progress` is `nil` (the animation has no effect now).
    /// Numbers and points (the commonest kinds) are written inline; the other kinds out of line,
    /// so that the loop stays small enough for the compiler to inline the common paths whole.
    @inline(__always)
    private func execute(
        _ header: InstructionHeaderReader, payload: UnsafeRawPointer, progress: TimingProgress?
    ) {
        switch header.valueKind {
        case .scalar: write(Double.self, header, payload, progress)
        case .point: write(Point.self, header, payload, progress)
        default: executeOtherKinds(header, payload: payload, progress: progress)
        }
    }

    /// ``execute(_:payload:progress:)`` for the value kinds other than numbers and points.
    @inline(never)
    private func executeOtherKinds(
        _ header: InstructionHeaderReader, payload: UnsafeRawPointer, progress: TimingProgress?
    ) {
        switch header.valueKind {
        case .scalar: write(Double.self, header, payload, progress)
        case .point: write(Point.self, header, payload, progress)
        case .size:
            if header.flags.contains(.resetsBoundsFromModel), let model {
                // The size is part of the bounds: the first animation on them resets the whole
                // rectangle to the model, or an origin left by an earlier frame would remain.
                let offset = StateField.bounds.offset
                (state + offset).assumingMemoryBound(to: Rect.self).pointee = model.load(
                    fromByteOffset: offset, as: Rect.self)
            }
            write(Size.self, header, payload, progress)
        case .rect: write(Rect.self, header, payload, progress)
        case .color: write(Color.self, header, payload, progress)
        case .transform: write(Transform2D.self, header, payload, progress)
        case .transformComponent: writeComponent(header, payload, progress)
        case .gradientColors: write(GradientColors.self, header, payload, progress)
        case .gradientLocations: write(GradientLocations.self, header, payload, progress)
        }
    }

    /// Writes a number that is a part of the transform: the transform is decomposed, the part
    /// replaced and the transform recomposed; the value beneath is the part of the transform
    /// beneath. The first instruction on the transform starts from the model's transform.
    private func writeComponent(
        _ header: InstructionHeaderReader, _ payload: UnsafeRawPointer, _ progress: TimingProgress?
    ) {
        let field = (state + Int(header.fieldOffset)).assumingMemoryBound(to: Transform2D.self)
        if header.flags.contains(.isFirstOnField), let model {
            field.pointee = model.load(fromByteOffset: Int(header.fieldOffset), as: Transform2D.self)
        }
        // Without an effect the transform beneath stays as it is (not decomposed and recomposed,
        // which would change its last bits).
        guard let progress else { return }
        var parts = DecomposedTransform(field.pointee)
        let beneath = header.component.value(in: parts)
        let value = curveValue(Double.self, header, payload, progress, beneath: beneath)
        header.component.set(value, in: &parts)
        field.pointee = parts.recomposed()
    }

    @inline(__always)
    private func write<Value: Interpolatable>(
        _: Value.Type, _ header: InstructionHeaderReader, _ payload: UnsafeRawPointer,
        _ progress: TimingProgress?
    ) {
        let offset = Int(header.fieldOffset)
        let field = (state + offset).assumingMemoryBound(to: Value.self)
        // The first instruction on a field reads the value beneath it from the model, unless the
        // curve does not use it (it then stays in the layer's memory, unread).
        let beneath: Value
        if header.flags.contains(.isFirstOnField), let model,
            progress == nil || header.flags.contains(.usesValueBeneath)
        {
            beneath = model.load(fromByteOffset: offset, as: Value.self)
        } else {
            beneath = field.pointee
        }
        guard let progress else {
            field.pointee = beneath
            return
        }
        field.pointee = curveValue(Value.self, header, payload, progress, beneath: beneath)
    }

    /// The instruction's curve at `progress` over `beneath`.
    @inline(__always)
    private func curveValue<Value: Interpolatable>(
        _: Value.Type, _ header: InstructionHeaderReader, _ payload: UnsafeRawPointer,
        _ progress: TimingProgress,
        beneath: Value
    ) -> Value {
        let autoreverses = header.timing.autoreverses
        switch header.curveKind {
        case .basic:
            return payload.load(as: BasicCurve<Value>.self).value(
                for: progress, autoreverses: autoreverses, underlying: beneath)
        case .keyframe:
            return ProgramKeyframes<Value>(at: payload).value(
                for: progress, autoreverses: autoreverses, underlying: beneath)
        case .spring:
            return springValue(payload.load(as: SpringCurve<Value>.self), progress, autoreverses, beneath)
        case .group:
            preconditionFailure("a group is run by runGroup, not executed as a property instruction")
        }
    }

    /// A spring's value, out of line: its exponentials and trigonometry dwarf a call.
    @inline(never)
    private func springValue<Value: Interpolatable>(
        _ curve: SpringCurve<Value>, _ progress: TimingProgress, _ autoreverses: Bool, _ beneath: Value
    ) -> Value {
        curve.value(for: progress, autoreverses: autoreverses, underlying: beneath)
    }
}

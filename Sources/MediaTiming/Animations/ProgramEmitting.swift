/// An animation kind that a layer can compile into its ``AnimationProgram``.
protocol ProgramEmitting {
    /// Appends the animation's instructions to `builder`.
    func emit(into builder: inout ProgramBuilder)
}

extension BasicAnimation: ProgramEmitting {
    func emit(into builder: inout ProgramBuilder) {
        let curve = BasicCurve(self)
        let header = builder.beginInstruction(
            timing: timing, isRemovedOnCompletion: isRemovedOnCompletion,
            usesValueBeneath: curve.usesValueBeneath, target: property.target, curve: .basic,
            timingFunction: timingFunction,
            curveQualifies: !curve.usesValueBeneath && !curve.composition.isCumulative)
        builder.append(curve)
        builder.finishInstruction(at: header)
    }
}

extension KeyframeAnimation: ProgramEmitting {
    func emit(into builder: inout ProgramBuilder) {
        let header = builder.beginInstruction(
            timing: timing, isRemovedOnCompletion: isRemovedOnCompletion, usesValueBeneath: isAdditive,
            target: property.target, curve: .keyframe, timingFunction: timingFunction,
            curveQualifies: !isAdditive && !isCumulative && timingFunctions == nil)
        ProgramKeyframes.append(curve, to: &builder)
        builder.finishInstruction(at: header)
    }
}

extension SpringAnimation: ProgramEmitting {
    func emit(into builder: inout ProgramBuilder) {
        let curve = curve(iterationDuration: ResolvedTiming(timing).iterationDuration)
        let header = builder.beginInstruction(
            timing: timing, isRemovedOnCompletion: isRemovedOnCompletion,
            usesValueBeneath: curve.endpoints.usesValueBeneath, target: property.target, curve: .spring)
        builder.append(curve)
        builder.finishInstruction(at: header)
    }
}

extension AnimationGroup: ProgramEmitting {
    func emit(into builder: inout ProgramBuilder) {
        let header = builder.beginGroup(timing: timing, isRemovedOnCompletion: isRemovedOnCompletion)
        builder.append(GroupLayout(timingFunction: timingFunction))
        for child in animations {
            (child as? any ProgramEmitting)?.emit(into: &builder)
        }
        builder.finishInstruction(at: header)
    }
}

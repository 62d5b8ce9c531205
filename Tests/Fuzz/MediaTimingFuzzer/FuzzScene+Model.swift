extension FuzzScene {
    mutating func setModelValue(_ input: inout FuzzInput) {
        let layer = layers[layerIndex(&input)]
        switch input.pick(FuzzProperty.allCases) {
        case .opacity: layer.opacity = .make(&input, tame: tame)
        case .strokeStart: layer.modelState.strokeStart = .make(&input, tame: tame)
        case .strokeEnd: layer.modelState.strokeEnd = .make(&input, tame: tame)
        case .lineWidth: layer.modelState.lineWidth = .make(&input, tame: tame)
        case .miterLimit: layer.modelState.miterLimit = .make(&input, tame: tame)
        case .fontSize: layer.modelState.fontSize = .make(&input, tame: tame)
        case .position: layer.position = .make(&input, tame: tame)
        case .anchorPoint: layer.anchorPoint = .make(&input, tame: tame)
        case .boundsSize: layer.frame = .make(&input, tame: tame)
        case .bounds: layer.bounds = .make(&input, tame: tame)
        case .backgroundColor: layer.backgroundColor = .make(&input, tame: tame)
        case .fillColor: layer.modelState.fillColor = .make(&input, tame: tame)
        case .strokeColor: layer.modelState.strokeColor = .make(&input, tame: tame)
        case .foregroundColor: layer.modelState.foregroundColor = .make(&input, tame: tame)
        case .transform: layer.transform = .make(&input, tame: tame)
        }
    }

    /// Gives a shape layer a path of up to six elements, and checks measuring and trimming it.
    mutating func setPath(_ input: inout FuzzInput) {
        guard let shape = layers[layerIndex(&input)] as? ShapeLayer else { return }
        var path = Path()
        for _ in 0..<Int(input.byte() % 7) {
            let point = Point.make(&input, tame: tame)
            switch input.byte() % 7 {
            case 0: path.move(to: point)
            case 1: path.addLine(to: point)
            case 2: path.addQuadCurve(to: point, control: .make(&input, tame: tame))
            case 3:
                path.addCurve(
                    to: point, control1: .make(&input, tame: tame), control2: .make(&input, tame: tame))
            case 4:
                path.addArc(
                    center: point, radius: input.double(tame: tame), startAngle: input.double(tame: tame),
                    endAngle: input.double(tame: tame), clockwise: input.bool())
            case 5: path.addRect(.make(&input, tame: tame))
            default: path.closeSubpath()
            }
        }
        shape.path = path
        checkPath(path, from: input.wildDouble(), to: input.wildDouble())
    }

    /// Measuring and trimming never trap; in the tame regime lengths are finite and the full range
    /// is the path itself.
    func checkPath(_ path: Path, from start: Double, to end: Double) {
        let length = path.length()
        let trimmed = path.trimmed(from: start, to: end)
        invariant(trimmed.elements.count <= 2 * path.elements.count + 2, "trimming grew the path")
        guard tame else { return }
        invariant(length.isFinite && length >= 0, "path length \(length)")
        invariant(path.trimmed(from: 0, to: 1) == path, "the full trim is not the path")
        invariant(path.trimmed(from: 0.5, to: 0.5).isEmpty, "an empty trim is not empty")
        // Curves are measured by flattening, a piece afresh: allow for the chords' error.
        let slack = 0.01 * length + 0.1 * Double(path.elements.count)
        invariant(trimmed.length() <= length + slack, "a trimmed path is longer than the path")
    }
}

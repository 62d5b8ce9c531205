/// An animatable value the fuzzer can make from its bytes.
///
/// In the tame regime every value is a multiple of a power of two with a small magnitude, so that
/// no chain of the model's arithmetic can overflow: there a NaN in a presentation value is a bug.
/// In the wild regime values are arbitrary bit patterns and only crashes and the documented
/// guarantees that hold for any input are checked.
protocol FuzzValue: Interpolatable {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Self
    /// Whether any component is NaN.
    var hasNaN: Bool { get }
}

extension Double: FuzzValue {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Double { input.double(tame: tame) }
    var hasNaN: Bool { isNaN }
}

extension Point: FuzzValue {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Point {
        Point(x: input.double(tame: tame), y: input.double(tame: tame))
    }
    var hasNaN: Bool { x.isNaN || y.isNaN }
}

extension Size: FuzzValue {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Size {
        Size(width: input.double(tame: tame), height: input.double(tame: tame))
    }
    var hasNaN: Bool { width.isNaN || height.isNaN }
}

extension Rect: FuzzValue {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Rect {
        Rect(origin: .make(&input, tame: tame), size: .make(&input, tame: tame))
    }
    var hasNaN: Bool { origin.hasNaN || size.hasNaN }
}

extension Color: FuzzValue {
    static func make(_ input: inout FuzzInput, tame: Bool) -> Color {
        Color(
            red: input.double(tame: tame), green: input.double(tame: tame), blue: input.double(tame: tame),
            alpha: input.double(tame: tame))
    }
    var hasNaN: Bool { red.isNaN || green.isNaN || blue.isNaN || alpha.isNaN }
}

extension Transform2D: FuzzValue {
    /// Tame transforms have linear parts in multiples of 1/16 below 8 in magnitude, so that a
    /// determinant is 0 or at least 1/256 and an inverse stays small.
    static func make(_ input: inout FuzzInput, tame: Bool) -> Transform2D {
        func linear(_ input: inout FuzzInput) -> Double {
            tame ? Double(input.int8()) / 16 : input.wildDouble()
        }
        switch input.byte() % 4 {
        case 0: return .identity
        case 1: return Transform2D(rotationAngle: input.double(tame: tame))
        default:
            return Transform2D(
                a: linear(&input), b: linear(&input), c: linear(&input), d: linear(&input),
                tx: input.double(tame: tame), ty: input.double(tame: tame))
        }
    }
    var hasNaN: Bool { a.isNaN || b.isNaN || c.isNaN || d.isNaN || tx.isNaN || ty.isNaN }
}

extension FuzzInput {
    /// A timing function: a named one, one from control points, or steps.
    mutating func timingFunction(tame: Bool) -> TimingFunction {
        switch byte() % 8 {
        case 0: return .linear
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .easeInEaseOut
        case 4: return .default
        case 5, 6:
            return TimingFunction(
                controlPoints: double(tame: tame), double(tame: tame), double(tame: tame), double(tame: tame))
        default:
            return .steps(Int(int8()), position: pick(StepPosition.allCases))
        }
    }

    /// Timing parameters. Tame ones keep speeds at least 1/16 and durations at least 1/256 apart
    /// from 0, so that iteration counts stay far from overflow; non-finite and negative values,
    /// which the model reads as defaults, are allowed in both regimes.
    mutating func timing(tame: Bool) -> TimingParameters {
        guard tame else {
            return TimingParameters(
                beginTime: wildDouble(), duration: wildDouble(), speed: wildDouble(),
                timeOffset: wildDouble(),
                repeatCount: wildDouble(), repeatDuration: wildDouble(), autoreverses: bool(),
                fillMode: pick(FillMode.allCases))
        }
        let special: [Double] = [.nan, .infinity, -.infinity, -1, 0]
        func orSpecial(_ value: Double, _ input: inout FuzzInput) -> Double {
            input.byte() % 8 == 0 ? input.pick(special) : value
        }
        let duration = orSpecial(Double(uint16()) / 256, &self)
        let speed = orSpecial(Double(int8()) / 16, &self)
        let repeatCount = orSpecial(Double(byte()) / 4, &self)
        let repeatDuration = orSpecial(Double(uint16()) / 64, &self)
        return TimingParameters(
            beginTime: tameDouble(), duration: duration, speed: speed, timeOffset: tameDouble(),
            repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: bool(),
            fillMode: pick(FillMode.allCases))
    }

    /// A root time: tame ones are multiples of 1/1024 within about ±2·10⁶ or non-finite.
    mutating func rootTime(tame: Bool) -> Double {
        guard tame else { return wildDouble() }
        if byte() % 8 == 0 { return pick([.nan, .infinity, -.infinity]) }
        return Double(int32()) / 1024
    }
}

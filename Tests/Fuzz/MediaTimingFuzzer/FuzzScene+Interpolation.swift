extension FuzzScene {
    /// `Interpolatable`'s promise for every value type: a fraction of 0 gives the start and 1 the
    /// end, whatever the values (NaN equal to NaN); any other fraction never traps.
    mutating func probeInterpolation(_ input: inout FuzzInput) {
        switch input.byte() % 6 {
        case 0: checkEnds(Double.self, &input, same)
        case 1: checkEnds(Point.self, &input, same)
        case 2: checkEnds(Size.self, &input) { same($0.width, $1.width) && same($0.height, $1.height) }
        case 3: checkEnds(Rect.self, &input, same)
        case 4: checkEnds(Color.self, &input, same)
        default: checkEnds(Transform2D.self, &input, same)
        }
    }

    private func checkEnds<Value: FuzzValue>(
        _: Value.Type, _ input: inout FuzzInput, _ isSame: (Value, Value) -> Bool
    ) {
        let start = Value.make(&input, tame: tame)
        let end = Value.make(&input, tame: tame)
        invariant(
            isSame(start.interpolated(to: end, fraction: 0), start), "\(start) → \(end) at 0 is not the start"
        )
        invariant(
            isSame(start.interpolated(to: end, fraction: 1), end), "\(start) → \(end) at 1 is not the end")
        // Tame fractions stay within what a tame timing function's overshoot gives (|y| ≤ 128).
        let fraction = tame ? Double(input.int16()) / 256 : input.wildDouble()
        let between = start.interpolated(to: end, fraction: fraction)
        invariant(!tame || !between.hasNaN, "\(start) → \(end) at \(fraction) is NaN")
        _ = start.distance(to: end)
        _ = start.scaled(by: fraction)
    }
}

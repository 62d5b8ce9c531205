import MediaTiming
import PropertyBased
import Testing

/// Round trips of time conversion across random timing trees.
struct ConvertTimePropertyTests {
    /// A layer clock: beginTime, non-zero speed (either sign), timeOffset.
    static let clocks = zip(
        Gen.double(in: -100...100),
        Gen.double(in: 0.1...4), Gen.bool,
        Gen.double(in: -100...100)
    )

    static func makeLayer(_ clock: (Double, Double, Bool, Double)) -> Layer {
        let layer = Layer()
        layer.beginTime = clock.0
        layer.speed = clock.2 ? clock.1 : -clock.1
        layer.timeOffset = clock.3
        return layer
    }

    static func relativeError(_ a: Double, _ b: Double) -> Double {
        abs(a - b) / max(1, abs(a), abs(b))
    }

    @Test func rootTimeRoundTripsThroughAChain() async throws {
        await propertyCheck(
            count: 300, input: Self.clocks, Self.clocks, Self.clocks, Gen.double(in: -1000...1000)
        ) { first, second, third, rootTime in
            let a = Self.makeLayer(first)
            let b = Self.makeLayer(second)
            let c = Self.makeLayer(third)
            try? a.addSublayer(b)
            try? b.addSublayer(c)
            let local = c.convertTime(rootTime, from: nil)
            #expect(Self.relativeError(c.convertTime(local, to: nil), rootTime) < 1e-9)
            withExtendedLifetime(a) {}
        }
    }

    @Test func conversionBetweenBranchesRoundTripsAndComposes() async {
        await propertyCheck(
            count: 300, input: Self.clocks, Self.clocks, Self.clocks, Gen.double(in: -1000...1000)
        ) { parentClock, leftClock, rightClock, time in
            let parent = Self.makeLayer(parentClock)
            let left = Self.makeLayer(leftClock)
            let right = Self.makeLayer(rightClock)
            try? parent.addSublayer(left)
            try? parent.addSublayer(right)
            let there = right.convertTime(time, from: left)
            #expect(Self.relativeError(left.convertTime(there, from: right), time) < 1e-9)
            // Converting through the root gives the same answer as converting directly.
            let viaRoot = right.convertTime(left.convertTime(time, to: nil), from: nil)
            #expect(Self.relativeError(viaRoot, there) < 1e-9)
            // convertTime(_:to:) is convertTime(_:from:) seen from the other side.
            #expect(left.convertTime(time, to: right) == there)
        }
    }

    @Test func localTimeIsTheFormulaAppliedFromTheRoot() async {
        await propertyCheck(count: 200, input: Self.clocks, Self.clocks, Gen.double(in: -1000...1000)) {
            outer, inner, rootTime in
            let parent = Self.makeLayer(outer)
            let child = Self.makeLayer(inner)
            try? parent.addSublayer(child)
            let parentTime = (rootTime - parent.beginTime) * parent.speed + parent.timeOffset
            let expected = (parentTime - child.beginTime) * child.speed + child.timeOffset
            #expect(child.localTime(atRootTime: rootTime) == expected)
        }
    }
}

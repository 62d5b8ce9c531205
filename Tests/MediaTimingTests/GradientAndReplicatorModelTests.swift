import MediaTiming
import Testing

/// Gradient values and replicator copies, as the model reads them.
struct GradientAndReplicatorModelTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    @Test func gradientColorsInterpolateStopByStopAndPadWithTheLastColour() {
        let two: GradientColors = [red, blue]
        let three: GradientColors = [blue, red, .white]
        let half = two.interpolated(to: three, fraction: 0.5)
        #expect(half.count == 3)
        #expect(half.colors[0] == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(half.colors[2] == Color(red: 0.5, green: 0.5, blue: 1))
        #expect(two.adding(.zero) == two)
        #expect(two.distance(to: two) == 0)
    }

    @Test func listsKeepAtMostTheirCapacity() {
        let many = GradientColors(Array(repeating: red, count: 12))
        #expect(many.count == GradientColors.capacity && GradientColors.capacity == 8)
        #expect(GradientLocations(Array(repeating: 0.5, count: 9)).count == 8)
    }

    @Test func locationsResolveEvenlyWhenAbsentOrMismatchedAndClampOtherwise() {
        #expect(GradientLocations.zero.resolved(forColorCount: 3) == [0, 0.5, 1])
        #expect(GradientLocations([0.2]).resolved(forColorCount: 2) == [0, 1])
        #expect(GradientLocations([0.5, .nan, 0.25, 2]).resolved(forColorCount: 4) == [0.5, 0.5, 0.5, 1])
    }

    @Test func gradientColoursAnimateThroughTheProgram() {
        let layer = GradientLayer()
        layer.colors = [red, red]
        var change = BasicAnimation(property: .colors, toValue: [blue, blue])
        change.duration = 1
        layer.add(change, forKey: "colors", atRootTime: 0)
        let middle = layer.presentationValue(of: .colors, atRootTime: 0.5)
        #expect(
            middle.colors == [Color(red: 0.5, green: 0, blue: 0.5), Color(red: 0.5, green: 0, blue: 0.5)])
        #expect(layer.presentationValue(of: .colors, atRootTime: 2) == [red, red])
    }

    @Test func replicatorCopiesAreMovedDelayedAndTintedStepByStep() {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        state.instanceCount = 3
        state.instanceDelay = 0.25
        state.instanceTransform = Transform2D(rotationAngle: .pi / 2)
        state.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
        state.instanceAlphaOffset = -0.5
        let copies = ReplicatorInstance.instances(of: state)
        #expect(copies.map(\.delay) == [0, 0.25, 0.5])
        #expect(copies.map(\.color.alpha) == [0.9, 0.4, 0])
        // Quarter turns about the centre (10, 10): the top-left corner goes to the top-right, then
        // the bottom-right.
        #expect(isClose(copies[1].transform.applied(to: Point(x: 0, y: 0)), Point(x: 20, y: 0)))
        #expect(isClose(copies[2].transform.applied(to: Point(x: 0, y: 0)), Point(x: 20, y: 20)))
    }

    @Test func instanceCountsOutsideTheRangeAreClamped() {
        var state = LayerState()
        state.instanceCount = -4
        #expect(ReplicatorInstance.instances(of: state).isEmpty)
        state.instanceCount = .max
        #expect(ReplicatorInstance.instances(of: state).count == ReplicatorLayer.maximumInstanceCount)
        state.instanceCount = 2
        state.instanceDelay = .nan
        #expect(ReplicatorInstance.instances(of: state).map(\.delay) == [0, 0])
    }

    @Test func replicatorPropertiesAnimate() {
        let replicator = ReplicatorLayer()
        var turn = BasicAnimation(
            property: .instanceTransform, fromValue: .identity, toValue: Transform2D(translationX: 10, y: 0))
        turn.duration = 1
        replicator.add(turn, forKey: "turn", atRootTime: 0)
        var spread = BasicAnimation(property: .instanceDelay, fromValue: 0.0, toValue: 0.5)
        spread.duration = 1
        replicator.add(spread, forKey: "spread", atRootTime: 0)
        let middle = replicator.presentation(atRootTime: 0.5)
        #expect(isClose(middle.instanceTransform, Transform2D(translationX: 5, y: 0)))
        #expect(middle.instanceDelay == 0.25)
        #expect(replicator.presentation(atRootTime: 2).instanceDelay == 0, "removed on completion: the model")
    }
}

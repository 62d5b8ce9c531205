import MediaTiming
import Testing

/// Implicit animations: setting an animatable property of a layer in a tree animates from what is
/// presented to the new value, unless the layer's actions say otherwise.
struct ImplicitAnimationTests {
    final class Actions: LayerDelegate {
        var answers: [String: LayerAction] = [:]
        var asked: [String] = []
        func action(for layer: Layer, forKey key: String) -> LayerAction? {
            asked.append(key)
            return answers[key]
        }
    }

    @Test func aReplacedImplicitAnimationStartsFromThePresentedValue() throws {
        let tree = LayerTree(currentTime: 0)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        tree.performTransaction(animationDuration: 1, timingFunction: .linear) {
            layer.position = Point(x: 100, y: 0)
        }
        tree.advance(to: 0.5)
        let before = layer.presentationValue(of: .position, atRootTime: 0.5)
        #expect(isClose(before, Point(x: 50, y: 0)))
        tree.performTransaction(animationDuration: 1, timingFunction: .linear) {
            layer.position = Point(x: 50, y: 100)
        }
        #expect(layer.animationCount == 1, "the new animation replaced the one under \"position\"")
        #expect(isClose(layer.presentationValue(of: .position, atRootTime: 0.5), before), "no jump")
        #expect(isClose(layer.presentationValue(of: .position, atRootTime: 1), Point(x: 50, y: 50)))
        #expect(layer.presentationValue(of: .position, atRootTime: 1.5) == Point(x: 50, y: 100))
    }

    @Test func aLayerInNoTreeChangesAtOnce() {
        let layer = ShapeLayer()
        layer.strokeEnd = 0.5
        #expect(layer.animationCount == 0)
        let parent = Layer()
        try? parent.addSublayer(layer)
        layer.strokeEnd = 0.25
        #expect(layer.animationCount == 0, "a tree without a LayerTree is not being shown")
    }

    @Test func everyAnimatableSetterOfEveryLayerKindAnimates() throws {
        let tree = LayerTree()
        let shape = ShapeLayer()
        let text = TextLayer()
        let gradient = GradientLayer()
        let replicator = ReplicatorLayer()
        for layer in [shape, text, gradient, replicator] as [Layer] { try tree.root.addSublayer(layer) }
        shape.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        shape.anchorPoint = Point(x: 0, y: 0)
        shape.transform = Transform2D(rotationAngle: 1)
        shape.cornerRadius = 2
        shape.borderWidth = 1
        shape.borderColor = .white
        shape.fillColor = .white
        shape.strokeColor = .white
        shape.lineWidth = 3
        shape.miterLimit = 4
        shape.strokeStart = 0.5
        text.fontSize = 10
        text.foregroundColor = .black
        gradient.colors = [.black, .white]
        gradient.locations = [0, 1]
        gradient.startPoint = Point(x: 0, y: 0)
        gradient.endPoint = Point(x: 1, y: 1)
        replicator.instanceDelay = 1
        replicator.instanceTransform = Transform2D(translationX: 1, y: 0)
        replicator.instanceColor = .black
        replicator.instanceRedOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        replicator.instanceBlueOffset = -0.1
        replicator.instanceAlphaOffset = -0.1
        #expect(
            Set(shape.animationKeys) == [
                "bounds", "anchorPoint", "transform", "cornerRadius", "borderWidth", "borderColor",
                "fillColor", "strokeColor", "lineWidth", "miterLimit", "strokeStart",
            ])
        #expect(Set(text.animationKeys) == ["fontSize", "foregroundColor"])
        #expect(Set(gradient.animationKeys) == ["colors", "locations", "startPoint", "endPoint"])
        #expect(
            Set(replicator.animationKeys) == [
                "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
                "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
            ])
        replicator.instanceCount = 3
        shape.path = .circle(center: .zero, radius: 1)
        #expect(!replicator.animationKeys.contains("instanceCount"))
    }

    @Test func settingTheFrameAnimatesPositionAndBounds() throws {
        let tree = LayerTree()
        let layer = Layer()
        try tree.root.addSublayer(layer)
        layer.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(Set(layer.animationKeys) == ["position", "bounds"])
        #expect(layer.frame == Rect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func theActionsTableCanTurnAnAnimationOff() throws {
        let tree = LayerTree()
        let layer = Layer()
        try tree.root.addSublayer(layer)
        layer.actions = ["opacity": .noAnimation]
        layer.opacity = 0
        layer.cornerRadius = 3
        #expect(layer.animationKeys == ["cornerRadius"])
    }

    @Test func theDelegateIsAskedFirstAndCanGiveACustomAnimation() throws {
        let tree = LayerTree(currentTime: 3)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        let delegate = Actions()
        layer.delegate = delegate
        layer.actions = ["opacity": .noAnimation, "position": .noAnimation]
        var spring = SpringAnimation(property: .opacity, toValue: 0.0)
        spring.duration = 2
        delegate.answers["opacity"] = .animation(spring)
        // A basic animation without endpoints: from the presented value to the new one.
        delegate.answers["cornerRadius"] = .animation(BasicAnimation(property: .cornerRadius))
        layer.opacity = 0
        layer.position = Point(x: 1, y: 1)  // the delegate says nil: the table's "none" applies
        layer.cornerRadius = 8
        #expect(delegate.asked == ["opacity", "position", "cornerRadius"])
        #expect(layer.animation(forKey: "opacity") is SpringAnimation<Double>)
        #expect(layer.animation(forKey: "position") == nil)
        let corner = try #require(layer.animation(forKey: "cornerRadius") as? BasicAnimation<Double>)
        #expect(
            corner.fromValue == 0 && corner.toValue == 8 && corner.duration == 0.25 && corner.beginTime == 3)
    }

    @Test func implicitAnimationsCompileToTheSameProgramAsExplicitOnes() throws {
        let tree = LayerTree()
        let implicit = ShapeLayer()
        let explicit = ShapeLayer()
        try tree.root.addSublayer(implicit)
        implicit.strokeEnd = 0
        explicit.strokeEnd = 0
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 1.0, toValue: 0.0)
        sweep.duration = 0.25
        sweep.timingFunction = .default
        explicit.add(sweep, forKey: "strokeEnd", atRootTime: 0)
        for time in stride(from: 0.0, through: 0.3, by: 0.01) {
            #expect(
                implicit.presentationValue(of: .strokeEnd, atRootTime: time)
                    == explicit.presentationValue(of: .strokeEnd, atRootTime: time))
        }
    }
}

import MediaTiming
import Testing

/// Transactions as Core Animation documents them: a change made in a transaction is animated with
/// its duration and timing function, not at all with actions disabled, and its completion runs
/// once, after the last animation added in it.
struct TransactionTests {
    /// A tree at media time 10 with one layer in it, opaque.
    static func scene() throws -> (LayerTree, Layer) {
        let tree = LayerTree(currentTime: 10)
        let layer = Layer()
        try tree.root.addSublayer(layer)
        return (tree, layer)
    }

    /// The y of a cubic Bézier timing curve (0,0) (x1,y1) (x2,y2) (1,1) at `x`, found by bisection
    /// on the curve's parameter: an independent reading of the curve.
    static func bezierOutput(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    @Test func aChangeInAHalfSecondEaseInTransactionHasTheEaseInValueAQuarterOfTheWay() throws {
        let (tree, layer) = try Self.scene()
        tree.performTransaction(animationDuration: 0.5, timingFunction: .easeIn) {
            layer.opacity = 0
        }
        #expect(layer.opacity == 0, "the model changes at once")
        let eased = Self.bezierOutput(x1: 0.42, y1: 0, x2: 1, y2: 1, at: 0.25)
        let quarter = layer.presentationValue(of: .opacity, atRootTime: 10 + 0.125)
        #expect(isClose(quarter, 1 - eased, tolerance: 1e-5), "\(quarter) against \(1 - eased)")
        #expect(quarter > 1 - 0.25 + 0.1, "ease-in has covered far less than a quarter of the change")
        #expect(layer.presentationValue(of: .opacity, atRootTime: 10) == 1)
        #expect(layer.presentationValue(of: .opacity, atRootTime: 10.5) == 0)
        let implicit = try #require(layer.animation(forKey: "opacity") as? BasicAnimation<Double>)
        #expect(implicit.duration == 0.5 && implicit.timingFunction == .easeIn)
        #expect(implicit.fromValue == 1 && implicit.toValue == 0 && implicit.beginTime == 10)
    }

    @Test func withActionsDisabledTheChangeJumps() throws {
        let (tree, layer) = try Self.scene()
        tree.performTransaction(animationDuration: 0.5, disableActions: true) {
            layer.position = Point(x: 40, y: 30)
        }
        #expect(layer.animationCount == 0)
        #expect(layer.presentationValue(of: .position, atRootTime: 10) == Point(x: 40, y: 30))
    }

    @Test func outsideAnExplicitTransactionCoreAnimationsDefaultsApply() throws {
        let (tree, layer) = try Self.scene()
        layer.backgroundColor = .white
        let implicit = try #require(layer.animation(forKey: "backgroundColor") as? BasicAnimation<Color>)
        #expect(implicit.duration == 0.25 && implicit.timingFunction == .default)
        #expect(tree.animationDuration == 0.25 && tree.animationTimingFunction == .default)
        #expect(!tree.disableActions)
    }

    @Test func nestedTransactionsReadTheirOuterSettingsAndRestoreThemOnCommit() throws {
        let (tree, layer) = try Self.scene()
        tree.beginTransaction()
        tree.animationDuration = 2
        tree.beginTransaction()
        tree.animationTimingFunction = .linear
        #expect(tree.animationDuration == 2)
        layer.opacity = 0.5
        tree.commitTransaction()
        #expect(tree.animationTimingFunction == .default)
        tree.commitTransaction()
        #expect(tree.animationDuration == 0.25)
        let implicit = try #require(layer.animation(forKey: "opacity") as? BasicAnimation<Double>)
        #expect(implicit.duration == 2 && implicit.timingFunction == .linear)
    }

    @Test func theCompletionRunsOnceAfterTheLastAnimationOfTheTransaction() throws {
        let (tree, layer) = try Self.scene()
        let other = Layer()
        try tree.root.addSublayer(other)
        var log: [String] = []
        tree.performTransaction(
            animationDuration: 1, completion: { log.append("completion at \(tree.currentTime)") }
        ) {
            layer.opacity = 0  // 1 s
            var slide = BasicAnimation(property: .position, toValue: Point(x: 10, y: 0))
            slide.duration = 2
            other.add(
                slide, forKey: "slide",
                delegate: AnimationCallbacks(didStop: { finished in log.append("slide stopped \(finished)") })
            )
        }
        for frame in 0...200 {
            tree.advance(to: 10 + Double(frame) / 100)
            if frame == 150 { #expect(log.isEmpty, "the 2 s slide is still running") }
        }
        #expect(log == ["slide stopped true", "completion at 12.0"])
    }

    @Test func aCompletionWaitsForRemovalsAndForNestedTransactionsAnimations() throws {
        let (tree, layer) = try Self.scene()
        var runs = 0
        tree.beginTransaction()
        tree.completion = { runs += 1 }
        tree.performTransaction(animationDuration: 5) { layer.opacity = 0 }
        tree.commitTransaction()
        tree.advance(to: 11)
        #expect(runs == 0)
        layer.removeAnimation(forKey: "opacity")
        #expect(runs == 0, "callbacks run only in advance(to:)")
        tree.advance(to: 11.1)
        #expect(runs == 1)
        tree.advance(to: 20)
        #expect(runs == 1)
    }

    @Test func aTransactionWithoutAnimationsCompletesAtTheNextAdvance() throws {
        let (tree, layer) = try Self.scene()
        var runs = 0
        tree.performTransaction(disableActions: true, completion: { runs += 1 }) { layer.opacity = 0 }
        #expect(runs == 0)
        tree.advance(to: 10)
        #expect(runs == 1)
        tree.advance(to: 11)
        #expect(runs == 1)
    }

    @Test func animationsAddedInOneTransactionBeginTogether() throws {
        let (tree, layer) = try Self.scene()
        tree.beginTransaction()
        layer.opacity = 0
        tree.advance(to: 10.5)  // the front end's time moves on while the transaction is open
        layer.position = Point(x: 5, y: 5)
        tree.commitTransaction()
        let fade = try #require(layer.animation(forKey: "opacity"))
        let move = try #require(layer.animation(forKey: "position"))
        #expect(fade.beginTime == 10 && move.beginTime == 10)
    }

    @Test func settingsOutsideATransactionLastUntilTheNextAdvance() throws {
        let (tree, layer) = try Self.scene()
        tree.disableActions = true
        layer.opacity = 0
        #expect(layer.animationCount == 0)
        tree.advance(to: 10.1)
        #expect(!tree.disableActions, "the implicit transaction was committed")
        layer.opacity = 1
        #expect(layer.animationCount == 1)
    }

    @Test func badInputIsReadAsDocumented() throws {
        let (tree, layer) = try Self.scene()
        tree.commitTransaction()  // nothing open: nothing happens
        tree.advance(to: .nan)
        #expect(tree.currentTime == 10)
        tree.performTransaction(animationDuration: .nan) { layer.opacity = 0 }
        // A NaN duration is read as Core Animation's 0.25 s.
        #expect(layer.presentationValue(of: .opacity, atRootTime: 10.25) == 0)
        #expect(layer.presentationValue(of: .opacity, atRootTime: 10.125) > 0)
        #expect(LayerTree(currentTime: .infinity).currentTime == 0)
    }
}

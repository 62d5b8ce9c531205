import MediaTiming
import Testing

/// The layer timing tree: local times, conversions, freezing, reversing, pause and resume.
struct LayerTimeTests {
    /// root (speed 2, offset 1) → child (begin 3, speed −0.5, offset 10) → grandchild (begin 2, speed 3).
    func makeChain() throws -> (root: Layer, child: Layer, grandchild: Layer) {
        let root = Layer()
        root.speed = 2
        root.timeOffset = 1
        let child = Layer()
        child.beginTime = 3
        child.speed = -0.5
        child.timeOffset = 10
        let grandchild = Layer()
        grandchild.beginTime = 2
        grandchild.speed = 3
        try root.addSublayer(child)
        try child.addSublayer(grandchild)
        return (root, child, grandchild)
    }

    @Test func localTimeAppliesTheFormulaFromTheRootDown() throws {
        let (root, child, grandchild) = try makeChain()
        // Root time 4: root 4·2 + 1 = 9; child (9 − 3)·(−0.5) + 10 = 7; grandchild (7 − 2)·3 = 15.
        #expect(root.localTime(atRootTime: 4) == 9)
        #expect(child.localTime(atRootTime: 4) == 7)
        #expect(grandchild.localTime(atRootTime: 4) == 15)
        #expect(grandchild.convertTime(4, from: nil) == 15)
        #expect(child.localTime(fromParentTime: 9) == 7)
    }

    @Test func convertTimeToTheRootInvertsTheChain() throws {
        let (root, child, grandchild) = try makeChain()
        defer { withExtendedLifetime(root) {} }  // superlayers are weak: keep the root alive
        // Child 7 → root-layer time (7 − 10)/(−0.5) + 3 = 9 → root time (9 − 1)/2 = 4.
        #expect(child.convertTime(7, to: nil) == 4)
        #expect(grandchild.rootTime(fromLocalTime: 15) == 4)
    }

    @Test func convertTimeBetweenLayersOfOneTree() throws {
        let (root, child, grandchild) = try makeChain()
        #expect(grandchild.convertTime(9, from: root) == 15)
        #expect(root.convertTime(15, from: grandchild) == 9)
        #expect(child.convertTime(15, from: grandchild) == 7)
        #expect(grandchild.convertTime(7, from: child) == 15)

        // Siblings: a (begin 1, speed 2) and b (speed 0.5, offset 3) under a speed-1 parent.
        let a = Layer()
        a.beginTime = 1
        a.speed = 2
        let b = Layer()
        b.speed = 0.5
        b.timeOffset = 3
        try root.addSublayer(a)
        try root.addSublayer(b)
        // a 4 → parent 4/2 + 1 = 3 → b 3·0.5 + 3 = 4.5.
        #expect(b.convertTime(4, from: a) == 4.5)
        #expect(a.convertTime(4.5, from: b) == 4)
        #expect(a.convertTime(4, to: b) == 4.5)
    }

    @Test func conversionBetweenSiblingsIgnoresAFrozenAncestor() throws {
        let parent = Layer()
        parent.speed = 0
        parent.timeOffset = 5
        let a = Layer()
        a.speed = 2
        let b = Layer()
        b.beginTime = 1
        try parent.addSublayer(a)
        try parent.addSublayer(b)
        // a 8 → parent 4 → b 3, though the parent is frozen.
        #expect(b.convertTime(8, from: a) == 3)
    }

    @Test func conversionBetweenTreesGoesThroughRootTime() {
        let a = Layer()
        a.speed = 2
        let b = Layer()
        b.beginTime = 10
        // a 6 → root 3 → b −7.
        #expect(b.convertTime(6, from: a) == -7)
    }

    @Test func speedZeroFreezesAtTheTimeOffset() throws {
        let (root, child, _) = try makeChain()
        root.speed = 0
        root.timeOffset = 42
        for rootTime in [-1e9, 0, 3.5, 1e12, Double.infinity, -Double.infinity, Double.nan] {
            #expect(root.localTime(atRootTime: rootTime) == 42)
            // Child of a frozen layer is frozen too: (42 − 3)·(−0.5) + 10.
            #expect(child.localTime(atRootTime: rootTime) == -9.5)
        }
        // The inverse through a frozen layer is its beginTime.
        #expect(root.rootTime(fromLocalTime: 123) == 0)
    }

    @Test func negativeSpeedPlaysBackwards() throws {
        let layer = ShapeLayer()
        layer.speed = -1
        layer.timeOffset = 10
        var animation = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        animation.beginTime = 1e-300  // explicitly at (almost exactly) 0 in layer time
        animation.duration = 10
        layer.add(animation, forKey: "sweep", atRootTime: 0)
        // Layer time is 10 − t: at root 2 the animation is at 8 s of 10.
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 2), 0.8))
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 7), 0.3))
    }

    @Test func pauseAndResumeFollowQA1673WithoutAJump() {
        let layer = ShapeLayer()
        layer.strokeEnd = 0
        var animation = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        animation.duration = 10
        layer.add(animation, forKey: "sweep", atRootTime: 100)
        #expect(layer.animation(forKey: "sweep")?.beginTime == 100)
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 103), 0.3))

        layer.pause(atRootTime: 103)
        #expect(layer.isPaused)
        #expect(layer.speed == 0)
        #expect(layer.timeOffset == 103)
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 103), 0.3))
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 150), 0.3))

        layer.resume(atRootTime: 200)
        #expect(!layer.isPaused)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(layer.beginTime == 97)  // convertTime(200) − 103
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 200), 0.3))
        #expect(isClose(layer.presentationValue(of: .strokeEnd, atRootTime: 201), 0.4))
    }

    @Test func pauseAndResumeInsideAFastParentRestoreTheSpeed() throws {
        let parent = Layer()
        parent.speed = 2
        let layer = Layer()
        layer.speed = 0.5
        layer.beginTime = 3
        try parent.addSublayer(layer)
        let before = layer.localTime(atRootTime: 10)  // (20 − 3)·0.5 = 8.5
        #expect(before == 8.5)
        layer.pause(atRootTime: 10)
        #expect(layer.localTime(atRootTime: 30) == 8.5)
        layer.resume(atRootTime: 30)
        #expect(layer.speed == 0.5)
        #expect(isClose(layer.localTime(atRootTime: 30), 8.5))
        #expect(isClose(layer.localTime(atRootTime: 31), 9.5))  // parent runs 2 s per second, layer half that
    }

    @Test func pauseAndResumeAreIdempotent() {
        let layer = Layer()
        layer.pause(atRootTime: 5)
        layer.pause(atRootTime: 9)
        #expect(layer.timeOffset == 5)
        layer.resume(atRootTime: 10)
        layer.resume(atRootTime: 20)
        #expect(layer.localTime(atRootTime: 10) == 5)
        #expect(layer.beginTime == 5)
    }
}

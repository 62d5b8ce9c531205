import MediaTiming
import Testing

/// Animations on layers: begin times fixed at add time, keys, ordering, presentation and model.
struct LayerAnimationTests {
    @Test func beginTimeZeroMeansNowInTheLayersTime() throws {
        let parent = Layer()
        parent.speed = 2
        let layer = Layer()
        layer.timeOffset = 1
        try parent.addSublayer(layer)
        var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        fade.duration = 4
        layer.add(fade, forKey: "fade", atRootTime: 10)
        // Layer time at root 10 is 10·2 + 1 = 21.
        #expect(layer.animation(forKey: "fade")?.beginTime == 21)
        // One root second later the layer is 2 s in: 2/4.
        #expect(layer.presentationValue(of: .opacity, atRootTime: 11) == 0.5)
        // The caller's copy is unchanged.
        #expect(fade.beginTime == 0)
    }

    @Test func explicitBeginTimeIsKeptInLayerTime() {
        let layer = Layer()
        var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
        fade.duration = 1
        fade.beginTime = 50
        layer.add(fade, forKey: "fade", atRootTime: 10)
        #expect(layer.animation(forKey: "fade")?.beginTime == 50)
        #expect(layer.presentationValue(of: .opacity, atRootTime: 49) == 1)  // model value
        #expect(layer.presentationValue(of: .opacity, atRootTime: 50.5) == 0.5)
    }

    @Test func keysReplaceAndRemove() throws {
        let layer = ShapeLayer()
        let first = BasicAnimation(
            property: .strokeEnd, fromValue: 0.0, toValue: 1.0, timing: .init(duration: 10))
        let second = BasicAnimation(
            property: .lineWidth, fromValue: 1.0, toValue: 3.0, timing: .init(duration: 10))
        layer.add(first, forKey: "a", atRootTime: 0)
        layer.add(second, forKey: "b", atRootTime: 0)
        layer.add(first, forKey: nil, atRootTime: 0)
        #expect(layer.animationKeys == ["a", "b"])
        #expect(layer.animationCount == 3)
        // Same key again replaces and moves to the end.
        layer.add(first, forKey: "a", atRootTime: 5)
        #expect(layer.animationKeys == ["b", "a"])
        #expect(layer.animationCount == 3)
        let stored = try #require(layer.animation(forKey: "a") as? BasicAnimation<Double>)
        #expect(stored.beginTime == 5)
        #expect(stored.property == .strokeEnd)
        #expect(layer.animation(forKey: "missing") == nil)
        layer.removeAnimation(forKey: "a")
        #expect(layer.animationKeys == ["b"])
        layer.removeAllAnimations()
        #expect(layer.animationCount == 0)
    }

    @Test func removingAnAnimationKeepsTheOthersIntact() throws {
        let layer = ShapeLayer()
        let widths = try KeyframeAnimation(
            property: .lineWidth, values: [1.0, 3.0], timing: .init(duration: 1))
        let starts = try KeyframeAnimation(
            property: .strokeStart, values: [0.0, 0.5], timing: .init(duration: 1))
        let ends = BasicAnimation(
            property: .strokeEnd, fromValue: 1.0, toValue: 0.5, timing: .init(duration: 1))
        let fade = BasicAnimation(
            property: .opacity, fromValue: 0.0, toValue: 1.0, timing: .init(duration: 1))
        layer.add(widths, forKey: "widths", atRootTime: 0)
        layer.add(ends, forKey: "ends", atRootTime: 0)
        layer.add(starts, forKey: "starts", atRootTime: 0)
        layer.add(fade, forKey: "fade", atRootTime: 0)
        layer.removeAnimation(forKey: "widths")
        layer.removeAnimation(forKey: "ends")
        let state = layer.presentation(atRootTime: 0.5)
        #expect(state.lineWidth == 1)
        #expect(state.strokeEnd == 1)
        #expect(state.strokeStart == 0.25)
        #expect(state.opacity == 0.5)
        layer.add(ends, forKey: "ends", atRootTime: 0)
        #expect(layer.presentation(atRootTime: 0.5).strokeEnd == 0.75)
        #expect(layer.animationKeys == ["starts", "fade", "ends"])
    }

    @Test func laterAnimationsOverrideAndAdditiveOnesAdd() {
        let layer = Layer()
        layer.position = Point(x: 100, y: 100)
        let move = BasicAnimation(
            property: .position, fromValue: Point(x: 0, y: 0), toValue: Point(x: 10, y: 0),
            timing: .init(duration: 1))
        var shake = BasicAnimation(
            property: .position, fromValue: Point(x: 0, y: 0), toValue: Point(x: 0, y: 4),
            timing: .init(duration: 1))
        shake.isAdditive = true
        layer.add(move, forKey: "move", atRootTime: 0)
        layer.add(shake, forKey: "shake", atRootTime: 0)
        #expect(layer.presentationValue(of: .position, atRootTime: 0.5) == Point(x: 5, y: 2))
        // Without the absolute animation the additive one adds to the model value.
        layer.removeAnimation(forKey: "move")
        #expect(layer.presentationValue(of: .position, atRootTime: 0.5) == Point(x: 100, y: 102))
        #expect(layer.modelValue(of: .position) == Point(x: 100, y: 100))
    }

    @Test func modelValueShowsBeforeAndAfterAndWithFillRemoved() {
        let layer = ShapeLayer()
        layer.strokeEnd = 0.25
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.5, toValue: 1.0)
        sweep.duration = 2
        sweep.beginTime = 10
        layer.add(sweep, forKey: "sweep", atRootTime: 0)
        #expect(layer.presentationValue(of: .strokeEnd, atRootTime: 9) == 0.25)
        #expect(layer.presentationValue(of: .strokeEnd, atRootTime: 11) == 0.75)
        #expect(layer.presentationValue(of: .strokeEnd, atRootTime: 12) == 0.25)
    }

    @Test func fillModesOnALayer() {
        for fill in FillMode.allCases {
            let layer = Layer()
            layer.opacity = -1
            var fade = BasicAnimation(property: .opacity, fromValue: 0.0, toValue: 1.0)
            fade.duration = 1
            fade.beginTime = 5
            fade.fillMode = fill
            fade.isRemovedOnCompletion = false
            layer.add(fade, forKey: "fade", atRootTime: 0)
            #expect(layer.presentationValue(of: .opacity, atRootTime: 4) == (fill.fillsBackwards ? 0 : -1))
            #expect(layer.presentationValue(of: .opacity, atRootTime: 5.5) == 0.5)
            #expect(layer.presentationValue(of: .opacity, atRootTime: 7) == (fill.fillsForwards ? 1 : -1))
        }
    }

    @Test func presentationStateCarriesEveryAnimatedField() throws {
        let layer = ShapeLayer()
        layer.path = .circle(center: Point(x: 50, y: 50), radius: 40)
        let colour = BasicAnimation(
            property: .strokeColor, fromValue: Color.black, toValue: Color.white, timing: .init(duration: 1))
        let width = try KeyframeAnimation(
            property: .lineWidth, values: [1.0, 5, 3], timing: .init(duration: 1))
        layer.add(colour, forKey: "colour", atRootTime: 0)
        layer.add(width, forKey: "width", atRootTime: 0)
        let state = layer.presentation(atRootTime: 0.25)
        #expect(state.strokeColor == Color(white: 0.25))
        #expect(state.lineWidth == 3)
        #expect(state.path == layer.path)
        var cache = PresentationCache()
        layer.updatePresentation(&cache, atLocalTime: 0.25)
        #expect(cache.state == state)
    }

    @Test func presentationCacheFollowsModelChangesAndRestoresEndedAnimations() {
        let layer = ShapeLayer()
        layer.lineWidth = 2
        var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0.0, toValue: 1.0)
        sweep.duration = 1
        layer.add(sweep, forKey: "sweep", atRootTime: 0)
        var cache = PresentationCache()
        layer.updatePresentation(&cache, atLocalTime: 0.5)
        #expect(cache.state.strokeEnd == 0.5)
        #expect(cache.state.lineWidth == 2)
        // After the animation the model value comes back.
        layer.updatePresentation(&cache, atLocalTime: 2)
        #expect(cache.state.strokeEnd == 1)
        // A model change shows on the next update.
        layer.lineWidth = 7
        layer.strokeEnd = 0.9
        layer.updatePresentation(&cache, atLocalTime: 0.25)
        #expect(cache.state.lineWidth == 7)
        #expect(cache.state.strokeEnd == 0.25)
        layer.updatePresentation(&cache, atLocalTime: 5)
        #expect(cache.state.strokeEnd == 0.9)
        // Stacked animations on one field: the first reads the model, the additive one adds to it,
        // frame after frame (no drift from reusing the cached value).
        var nudge = BasicAnimation(property: .strokeEnd, byValue: 0.01)
        nudge.isAdditive = true
        nudge.duration = 10
        layer.add(nudge, forKey: "nudge", atRootTime: 0)
        for _ in 0..<3 {
            layer.updatePresentation(&cache, atLocalTime: 5)
            #expect(isClose(cache.state.strokeEnd, 0.905))
        }
        layer.removeAnimation(forKey: "sweep")
        layer.updatePresentation(&cache, atLocalTime: 5)
        #expect(isClose(cache.state.strokeEnd, 0.905))
        layer.removeAnimation(forKey: "nudge")
        layer.updatePresentation(&cache, atLocalTime: 5)
        #expect(cache.state.strokeEnd == 0.9)
        // A cache moved to another layer is refilled from that layer's model.
        let other = ShapeLayer()
        other.lineWidth = 3
        other.updatePresentation(&cache, atLocalTime: 0)
        #expect(cache.state == other.modelState)
    }

    /// Found by the MediaTiming fuzzer: `bounds.size` is part of `bounds`, so the cache must treat
    /// the two properties as one field. A size animation after a bounds animation read the model's
    /// size instead of the animated one; a bounds animation that ended under a size animation left
    /// its origin behind in the cache.
    @Test func boundsAndBoundsSizeAnimationsShareTheirFieldInTheCache() {
        let layer = Layer()
        layer.bounds = Rect(x: 1, y: 2, width: 10, height: 20)
        let move = BasicAnimation(
            property: .bounds, fromValue: Rect.zero, toValue: Rect(x: 100, y: 100, width: 100, height: 100),
            timing: .init(duration: 1))
        var grow = BasicAnimation(
            property: .boundsSize, byValue: Size(width: 4, height: 4), timing: .init(duration: 10))
        grow.isAdditive = true
        layer.add(move, forKey: "move", atRootTime: 0)
        layer.add(grow, forKey: "grow", atRootTime: 0)
        var cache = PresentationCache()
        for time in [0.5, 0.75, 2, 0.25, 5] {
            layer.updatePresentation(&cache, atLocalTime: time)
            #expect(cache.state == layer.presentation(atLocalTime: time), "at \(time)")
        }
        layer.updatePresentation(&cache, atLocalTime: 0.5)
        #expect(cache.state.bounds.origin == Point(x: 50, y: 50))
        #expect(isClose(cache.state.bounds.size.width, 50.2) && isClose(cache.state.bounds.size.height, 50.2))

        // The size animation first, then a bounds animation that ends before it.
        let other = Layer()
        other.bounds = Rect(x: 1, y: 2, width: 10, height: 20)
        other.add(grow, forKey: "grow", atRootTime: 0)
        other.add(move, forKey: "move", atRootTime: 0)
        var otherCache = PresentationCache()
        other.updatePresentation(&otherCache, atLocalTime: 0.5)
        #expect(otherCache.state.bounds == Rect(x: 50, y: 50, width: 50, height: 50))
        other.updatePresentation(&otherCache, atLocalTime: 5)
        #expect(otherCache.state.bounds == Rect(x: 1, y: 2, width: 12, height: 22))
        #expect(otherCache.state == other.presentation(atLocalTime: 5))
    }

    @Test func textLayerFieldsAreAnimatable() {
        let label = TextLayer()
        label.string = "12:00"
        label.fontSize = 10
        let grow = BasicAnimation(
            property: .fontSize, fromValue: 10.0, toValue: 20.0, timing: .init(duration: 1))
        label.add(grow, forKey: "grow", atRootTime: 0)
        let state = label.presentation(atRootTime: 0.5)
        #expect(state.fontSize == 15)
        #expect(state.string == "12:00")
    }
}

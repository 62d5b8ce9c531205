import MediaTiming
import Testing

/// Building and changing layer trees.
struct LayerTreeTests {
    @Test func addSublayerSetsBothDirections() throws {
        let parent = Layer()
        let child = Layer()
        try parent.addSublayer(child)
        #expect(child.superlayer === parent)
        #expect(parent.sublayers.count == 1)
        #expect(child.rootLayer === parent)
        #expect(child.isDescendant(of: parent))
    }

    @Test func aLayerCannotBecomeItsOwnAncestor() throws {
        let a = Layer()
        let b = Layer()
        let c = Layer()
        try a.addSublayer(b)
        try b.addSublayer(c)
        #expect(throws: LayerTreeError.wouldCreateCycle) { try c.addSublayer(a) }
        #expect(throws: LayerTreeError.wouldCreateCycle) { try c.addSublayer(b) }
        #expect(throws: LayerTreeError.wouldCreateCycle) { try a.addSublayer(a) }
        // The tree is unchanged.
        #expect(a.superlayer == nil)
        #expect(c.sublayers.isEmpty)
        #expect(b.superlayer === a)
    }

    @Test func movingALayerRemovesItFromItsOldParent() throws {
        let first = Layer()
        let second = Layer()
        let child = Layer()
        try first.addSublayer(child)
        try second.addSublayer(child)
        #expect(first.sublayers.isEmpty)
        #expect(child.superlayer === second)
    }

    @Test func insertAtIndexOrdersBackToFront() throws {
        let parent = Layer()
        let a = Layer()
        let b = Layer()
        let c = Layer()
        try parent.addSublayer(a)
        try parent.addSublayer(b)
        try parent.insertSublayer(c, at: 0)
        #expect(parent.sublayers.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        #expect(throws: LayerTreeError.indexOutOfRange(index: 5, count: 3)) {
            try parent.insertSublayer(Layer(), at: 5)
        }
        // Re-adding a sublayer moves it to the top.
        try parent.addSublayer(c)
        #expect(parent.sublayers.last === c)
        #expect(parent.sublayers.count == 3)
    }

    @Test func removeFromSuperlayerMakesARoot() throws {
        let parent = Layer()
        let child = Layer()
        try parent.addSublayer(child)
        child.removeFromSuperlayer()
        #expect(child.superlayer == nil)
        #expect(parent.sublayers.isEmpty)
        child.removeFromSuperlayer()  // harmless on a root
    }

    @Test func frameSetsPositionAndBounds() {
        let layer = Layer()
        layer.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == Point(x: 60, y: 45))
        #expect(layer.bounds.size == Size(width: 100, height: 50))
        #expect(layer.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        let state = layer.modelState
        #expect(state.transformToSuperlayer.applied(to: Point(x: 0, y: 0)) == Point(x: 10, y: 20))
    }
}

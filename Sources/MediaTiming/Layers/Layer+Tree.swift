extension Layer {
    /// Appends `layer` to the sublayers, on top of the others, removing it from its previous
    /// superlayer first.
    ///
    /// - Throws: ``LayerTreeError/wouldCreateCycle`` when `layer` is this layer or one of its
    ///   ancestors; the tree is then unchanged.
    public func addSublayer(_ layer: Layer) throws(LayerTreeError) {
        try insertSublayer(layer, at: layer.superlayer === self ? sublayers.count - 1 : sublayers.count)
    }

    /// Inserts `layer` into the sublayers at `index` (0 is the back), removing it from its previous
    /// superlayer first.
    ///
    /// - Throws: ``LayerTreeError/wouldCreateCycle`` when `layer` is this layer or one of its
    ///   ancestors, ``LayerTreeError/indexOutOfRange(index:count:)`` when `index` is not in
    ///   `0...sublayers.count` (counted after `layer` has left this layer, if it was here); the
    ///   tree is then unchanged.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(LayerTreeError) {
        if layer === self || isDescendant(of: layer) { throw .wouldCreateCycle }
        let countAfterRemoval = layer.superlayer === self ? sublayers.count - 1 : sublayers.count
        guard index >= 0 && index <= countAfterRemoval else {
            throw .indexOutOfRange(index: index, count: countAfterRemoval)
        }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: index)
        layer.superlayer = self
    }

    /// Detaches the layer from its superlayer; it becomes the root of its own tree. Does nothing
    /// for a root.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on.
    public func isDescendant(of ancestor: Layer) -> Bool {
        var node = superlayer
        while let current = node {
            if current === ancestor { return true }
            node = current.superlayer
        }
        return false
    }

    /// The root of the tree this layer belongs to (the layer itself when it has no superlayer).
    public var rootLayer: Layer {
        var node = self
        while let parent = node.superlayer { node = parent }
        return node
    }

    /// How many superlayers lie above this layer.
    var depth: Int {
        var count = 0
        var node = superlayer
        while let current = node {
            count += 1
            node = current.superlayer
        }
        return count
    }

    /// The deepest layer that is `first` or an ancestor of it and also `second` or an ancestor of
    /// it, or `nil` when they are in different trees.
    static func commonAncestor(_ first: Layer, _ second: Layer) -> Layer? {
        var a: Layer? = first
        var b: Layer? = second
        var depthA = first.depth
        var depthB = second.depth
        while depthA > depthB {
            a = a?.superlayer
            depthA -= 1
        }
        while depthB > depthA {
            b = b?.superlayer
            depthB -= 1
        }
        while let nodeA = a, let nodeB = b {
            if nodeA === nodeB { return nodeA }
            a = nodeA.superlayer
            b = nodeB.superlayer
        }
        return nil
    }
}

extension FuzzScene {
    /// The superlayer chain above `layer`, nearest first, walked without the code under test and
    /// bounded, so that a cycle shows as an invariant break rather than a hang.
    func ancestors(of layer: Layer) -> [Layer] {
        var chain: [Layer] = []
        var node = layer.superlayer
        while let current = node {
            chain.append(current)
            invariant(chain.count <= layers.count, "the superlayer chain has a cycle")
            node = current.superlayer
        }
        return chain
    }

    /// The tree as pool indices: each layer's superlayer (−1 for none) and sublayers.
    func treeShape() -> [[Int]] {
        layers.map { layer in
            let parent = layer.superlayer.map { parent in layers.firstIndex { $0 === parent } ?? -2 } ?? -1
            return [parent] + layer.sublayers.map { sub in layers.firstIndex { $0 === sub } ?? -2 }
        }
    }

    /// Every superlayer link has the matching sublayer entry, exactly once, and back; no cycles.
    func checkTree() {
        for layer in layers {
            let chain = ancestors(of: layer)
            invariant(layer.rootLayer === (chain.last ?? layer), "rootLayer is not the top of the chain")
            if let parent = layer.superlayer {
                invariant(
                    parent.sublayers.filter { $0 === layer }.count == 1,
                    "a layer is not once in its superlayer")
                invariant(layer.isDescendant(of: parent), "a layer is not a descendant of its superlayer")
            }
            for sublayer in layer.sublayers {
                invariant(sublayer.superlayer === layer, "a sublayer's superlayer is another layer")
            }
            invariant(!layer.isDescendant(of: layer), "a layer is its own descendant")
        }
    }

    mutating func addSublayer(_ input: inout FuzzInput) {
        let parent = layers[layerIndex(&input)]
        let child = layers[layerIndex(&input)]
        let expectCycle = child === parent || ancestors(of: parent).contains { $0 === child }
        let before = treeShape()
        do {
            try parent.addSublayer(child)
            invariant(!expectCycle, "addSublayer made a cycle")
            invariant(
                child.superlayer === parent && parent.sublayers.last === child, "addSublayer misplaced it")
        } catch {
            invariant(expectCycle && error == .wouldCreateCycle, "addSublayer threw \(error)")
            invariant(treeShape() == before, "a refused addSublayer changed the tree")
        }
    }

    mutating func insertSublayer(_ input: inout FuzzInput) {
        let parent = layers[layerIndex(&input)]
        let child = layers[layerIndex(&input)]
        let index = Int(input.int8())
        let expectCycle = child === parent || ancestors(of: parent).contains { $0 === child }
        let countAfterRemoval = parent.sublayers.count - (child.superlayer === parent ? 1 : 0)
        let before = treeShape()
        do {
            try parent.insertSublayer(child, at: index)
            invariant(!expectCycle, "insertSublayer made a cycle")
            invariant(
                child.superlayer === parent && parent.sublayers[index] === child,
                "insertSublayer misplaced it")
        } catch {
            switch error {
            case .wouldCreateCycle:
                invariant(expectCycle, "insertSublayer refused a legal move as a cycle")
            case .indexOutOfRange(let reportedIndex, let count):
                invariant(!expectCycle, "a cycle reported as a bad index")
                invariant(
                    reportedIndex == index && count == countAfterRemoval && (index < 0 || index > count),
                    "insertSublayer: wrong range error \(error) for \(index) of \(countAfterRemoval)")
            }
            invariant(treeShape() == before, "a refused insertSublayer changed the tree")
        }
    }

    mutating func removeFromSuperlayer(_ input: inout FuzzInput) {
        let layer = layers[layerIndex(&input)]
        layer.removeFromSuperlayer()
        invariant(layer.superlayer == nil, "removeFromSuperlayer left a superlayer")
    }
}

extension LayerTreeError: CustomStringConvertible {
    /// Why the change to the tree was refused and what to do instead, as a sentence.
    public var description: String {
        switch self {
        case .wouldCreateCycle:
            "cannot insert the layer: it is the receiver itself or one of its ancestors, and the tree "
                + "would contain a cycle; insert a layer that is not above the receiver"
        case .indexOutOfRange(let index, let count):
            "cannot insert the sublayer at index \(index): there are \(count) sublayers (not counting it), "
                + "so the index must be in 0...\(count)"
        }
    }
}

/// How a gradient's colours are laid out: Core Animation's `CAGradientLayer.type`.
public enum GradientType: Sendable, Hashable, CaseIterable {
    /// Along the line from `startPoint` to `endPoint`, constant across it (`.axial`).
    case axial
    /// In ellipses centred on `startPoint`: the last colour at the ellipse through `endPoint` whose
    /// axes are the layer's (`.radial`; Core Animation's reading of the two points).
    case radial
}

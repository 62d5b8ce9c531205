extension LayerProperty where Value == Double {
    /// ``LayerState/instanceDelay``.
    public static var instanceDelay: LayerProperty<Double> {
        LayerProperty("instanceDelay", \.instanceDelay, field: .instanceDelay)
    }
    /// ``LayerState/instanceRedOffset``.
    public static var instanceRedOffset: LayerProperty<Double> {
        LayerProperty("instanceRedOffset", \.instanceRedOffset, field: .instanceRedOffset)
    }
    /// ``LayerState/instanceGreenOffset``.
    public static var instanceGreenOffset: LayerProperty<Double> {
        LayerProperty("instanceGreenOffset", \.instanceGreenOffset, field: .instanceGreenOffset)
    }
    /// ``LayerState/instanceBlueOffset``.
    public static var instanceBlueOffset: LayerProperty<Double> {
        LayerProperty("instanceBlueOffset", \.instanceBlueOffset, field: .instanceBlueOffset)
    }
    /// ``LayerState/instanceAlphaOffset``.
    public static var instanceAlphaOffset: LayerProperty<Double> {
        LayerProperty("instanceAlphaOffset", \.instanceAlphaOffset, field: .instanceAlphaOffset)
    }
}

extension LayerProperty where Value == Transform2D {
    /// ``LayerState/instanceTransform``.
    public static var instanceTransform: LayerProperty<Transform2D> {
        LayerProperty("instanceTransform", \.instanceTransform, .transform, field: .instanceTransform)
    }
}

extension LayerProperty where Value == Color {
    /// ``LayerState/instanceColor``.
    public static var instanceColor: LayerProperty<Color> {
        LayerProperty("instanceColor", \.instanceColor, field: .instanceColor)
    }
}

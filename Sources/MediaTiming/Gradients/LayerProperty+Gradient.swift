extension LayerProperty where Value == GradientColors {
    /// ``LayerState/colors``, a gradient's colours.
    public static var colors: LayerProperty<GradientColors> {
        LayerProperty("colors", \.colors, .gradientColors, field: .colors)
    }
}

extension LayerProperty where Value == GradientLocations {
    /// ``LayerState/locations``, where a gradient's colours lie.
    public static var locations: LayerProperty<GradientLocations> {
        LayerProperty("locations", \.locations, .gradientLocations, field: .locations)
    }
}

extension LayerProperty where Value == Point {
    /// ``LayerState/startPoint``, where a gradient starts.
    public static var startPoint: LayerProperty<Point> {
        LayerProperty("startPoint", \.startPoint, field: .startPoint)
    }
    /// ``LayerState/endPoint``, where a gradient ends.
    public static var endPoint: LayerProperty<Point> {
        LayerProperty("endPoint", \.endPoint, field: .endPoint)
    }
}

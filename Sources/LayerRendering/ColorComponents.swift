/// Colour components as a renderer must take them: clamped to [0, 1], with NaN read as 0.
enum ColorComponents {
    static func clamped(_ component: Double) -> Double {
        component >= 0 ? min(component, 1) : 0  // NaN fails `>= 0`
    }
}

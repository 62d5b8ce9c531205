/// A layer that fills its bounds with a colour gradient: the counterpart of `CAGradientLayer`.
///
/// The colours run from ``startPoint`` to ``endPoint`` (unit coordinates of the bounds: (0, 0) is
/// the top-left corner) at ``locations``, along that line (``GradientType/axial``) or in ellipses
/// about the start point (``GradientType/radial``); beyond the ends the end colours continue. The
/// gradient is drawn over the background colour, clipped to the bounds with their rounded
/// corners. ``colors``, ``locations``, ``startPoint`` and ``endPoint`` are animatable
/// (``LayerProperty/colors``, ``LayerProperty/locations``, ``LayerProperty/startPoint``,
/// ``LayerProperty/endPoint``).
public final class GradientLayer: Layer {
    /// A gradient layer with Core Animation's defaults: no colours, top to bottom, axial.
    public override init() {
        super.init()
    }

    /// ``LayerState/colors``.
    public var colors: GradientColors {
        get { model.colors }
        set { change(.colors, to: newValue) { $0.colors = newValue } }
    }

    /// ``LayerState/locations``.
    public var locations: GradientLocations {
        get { model.locations }
        set { change(.locations, to: newValue) { $0.locations = newValue } }
    }

    /// ``LayerState/startPoint``.
    public var startPoint: Point {
        get { model.startPoint }
        set { change(.startPoint, to: newValue) { $0.startPoint = newValue } }
    }

    /// ``LayerState/endPoint``.
    public var endPoint: Point {
        get { model.endPoint }
        set { change(.endPoint, to: newValue) { $0.endPoint = newValue } }
    }

    /// ``LayerState/gradientType``.
    public var type: GradientType {
        get { model.gradientType }
        set { model.gradientType = newValue }
    }
}

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The few elementary functions the model needs (trigonometry for arcs and transforms, exponentials for springs), taken
/// from the platform's C maths library under names that cannot clash with anything public.
enum ElementaryFunctions {
    @inline(__always) static func sine(_ x: Double) -> Double { sin(x) }
    @inline(__always) static func cosine(_ x: Double) -> Double { cos(x) }
    @inline(__always) static func arcTangent(y: Double, x: Double) -> Double { atan2(y, x) }
    @inline(__always) static func arcCosine(_ x: Double) -> Double { acos(x) }
    @inline(__always) static func exponential(_ x: Double) -> Double { exp(x) }
    @inline(__always) static func hyperbolicSine(_ x: Double) -> Double { sinh(x) }
    @inline(__always) static func hyperbolicCosine(_ x: Double) -> Double { cosh(x) }
}

import Testing

@testable import MediaTiming

/// Implicit animations take the fast paths explicit ones take: their compiled instruction carries
/// the same specialised kernel.
struct ImplicitAnimationKernelTests {
    /// The kernel of the first instruction of `layer`'s program.
    static func firstKernel(of layer: Layer) throws -> ActiveKernel {
        let start = try #require(layer.program.start)
        return InstructionHeaderReader(base: UnsafeRawPointer(start)).activeKernel
    }

    @Test func implicitNumbersAndPointsGetTheBezierKernels() throws {
        let tree = LayerTree()
        let faded = Layer()
        let moved = Layer()
        try tree.root.addSublayer(faded)
        try tree.root.addSublayer(moved)
        faded.opacity = 0
        moved.position = Point(x: 3, y: 4)
        #expect(try Self.firstKernel(of: faded) == .basicScalarBezier)
        #expect(try Self.firstKernel(of: moved) == .basicPointBezier)
        tree.performTransaction(timingFunction: .linear) { faded.opacity = 1 }
        #expect(try Self.firstKernel(of: faded) == .basicScalarLinear)
    }
}

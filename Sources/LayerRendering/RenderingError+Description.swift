#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension RenderingError: CustomStringConvertible, LocalizedError {
    /// What could not be done, why, and what to do, as a sentence.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "cannot make a \(width) × \(height) image: both sides must be between 1 and 32767 pixels"
        case .invalidBufferLayout(let width, let height, let bytesPerRow):
            "cannot draw \(width) × \(height) pixels into rows of \(bytesPerRow) bytes: both sides must be "
                + "between 1 and 32767 pixels, and a row needs at least 4 bytes a pixel and a length that "
                + "is a multiple of 4"
        case .cannotWritePNG(let path, let reason):
            "cannot write \(path): \(reason)"
        case .cannotReadPNG(let path, let reason):
            "cannot read \(path): \(reason)"
        case .drawingFailed(let reason):
            "cannot draw: Cairo could not set up a drawing surface (\(reason))"
        }
    }

    /// The same sentence as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

import Testing

@testable import DRM

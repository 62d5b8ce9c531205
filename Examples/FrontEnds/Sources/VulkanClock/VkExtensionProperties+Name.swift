import CVulkan

extension VkExtensionProperties {
    /// The extension's name (`extensionName`, a fixed-size C string).
    var name: String {
        withUnsafeBytes(of: extensionName) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The requests and events of each interface of some protocol XML files, in their order.
final class ProtocolMessages: NSObject, XMLParserDelegate {
    /// One request or event: its name and the version it came in.
    struct Message: Equatable {
        var name: String
        var since: UInt32
    }

    /// The protocols this module speaks, where libwayland-dev and wayland-protocols install them.
    static let files = [
        "/usr/share/wayland/wayland.xml",
        "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml",
        "/usr/share/wayland-protocols/stable/presentation-time/presentation-time.xml",
        "/usr/share/wayland-protocols/unstable/input-timestamps/input-timestamps-unstable-v1.xml",
    ]
    /// Whether all of ``files`` are there.
    static var filesPresent: Bool { files.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

    private(set) var requests: [String: [Message]] = [:]
    private(set) var events: [String: [Message]] = [:]
    private var interface: String?

    /// The messages of the files at `paths`, or nil when one cannot be read.
    static func read(_ paths: [String]) -> ProtocolMessages? {
        let messages = ProtocolMessages()
        for path in paths {
            guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: path)) else { return nil }
            parser.delegate = messages
            guard parser.parse() else { return nil }
        }
        return messages
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let message = attributes["name"].map {
            Message(name: $0, since: attributes["since"].flatMap(UInt32.init) ?? 1)
        }
        switch (element, interface, message) {
        case ("interface", _, _): interface = attributes["name"]
        case ("request", let interface?, let message?): requests[interface, default: []].append(message)
        case ("event", let interface?, let message?): events[interface, default: []].append(message)
        default: break
        }
    }
}

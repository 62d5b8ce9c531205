import Foundation
import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A host-name lookup through the C library's `getaddrinfo`, as a front end does it: it blocks the
/// calling thread until the resolver answers or gives up (its `timeout:N attempts:M`).
package struct HostLookup: Sendable {
    /// What one lookup gave and how long it took.
    package struct Result: Sendable, CustomStringConvertible {
        package var host: String
        /// The addresses found, as text; empty when the lookup failed.
        package var addresses: [String]
        /// The resolver's message (`gai_strerror`) when the lookup failed.
        package var failure: String?
        /// How long `getaddrinfo` blocked.
        package var duration: Duration

        /// The duration in milliseconds, rounded.
        package var milliseconds: Int { Int((seconds * 1000).rounded()) }

        /// The duration in seconds.
        package var seconds: Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }

        /// One line: `lookup HOST: ADDRESSES in 0.00 s` or `lookup HOST: failed after 2.01 s (why)`.
        package var description: String {
            let seconds = String(format: "%.2f", self.seconds)
            if let failure { return "lookup \(host): failed after \(seconds) s (\(failure))" }
            return "lookup \(host): \(addresses.joined(separator: ", ")) in \(seconds) s"
        }
    }

    package let host: String

    /// A lookup of `host`.
    package init(host: String) {
        self.host = host
    }

    /// Looks the host up, blocking the calling thread meanwhile.
    package func resolve() -> Result {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let start = MonotonicInstant.now()
        let status = getaddrinfo(host, nil, &hints, &list)
        let duration = MonotonicInstant.now() - start
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else {
            return Result(
                host: host, addresses: [], failure: String(cString: gai_strerror(status)), duration: duration)
        }
        var addresses: [String] = []
        var entry = list
        while let current = entry {
            if let text = Self.text(of: current.pointee), !addresses.contains(text) { addresses.append(text) }
            entry = current.pointee.ai_next
        }
        return Result(host: host, addresses: addresses, failure: nil, duration: duration)
    }

    /// An IPv4 or IPv6 address as text.
    private static func text(of info: addrinfo) -> String? {
        guard let address = info.ai_addr else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>?
        switch info.ai_family {
        case AF_INET:
            written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                withUnsafePointer(to: ipv4.pointee.sin_addr) {
                    inet_ntop(AF_INET, $0, &buffer, socklen_t(buffer.count))
                }
            }
        case AF_INET6:
            written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                withUnsafePointer(to: ipv6.pointee.sin6_addr) {
                    inet_ntop(AF_INET6, $0, &buffer, socklen_t(buffer.count))
                }
            }
        default:
            return nil
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

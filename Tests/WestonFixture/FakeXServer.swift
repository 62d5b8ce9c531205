import Foundation

/// A tiny X server for the tests that need one without the Present extension (Xvfb 21 cannot turn
/// it off): it listens on `/tmp/.X11-unix/XN`, answers the X11 connection setup with one 640 × 480
/// TrueColor screen, and answers every QueryExtension with "not present". Any other request gets a
/// BadImplementation error, so a client that asks for more fails at once instead of waiting.
///
/// Only the little-endian protocol (`l`), which libxcb speaks on little-endian machines. The wire
/// formats are the X11 protocol's ("Connection Setup", "QueryExtension", "Errors").
public final class FakeXServer: @unchecked Sendable {
    /// The display's name, `:N`.
    public let display: String
    private let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var clients: [Int32] = []
    private var queried: [String] = []
    private var isStopped = false

    /// The major opcode of QueryExtension.
    static let queryExtensionOpcode: UInt8 = 98
    /// The error code of BadImplementation.
    static let badImplementation: UInt8 = 17
    /// The vendor string the setup reply names.
    static let vendor = "FrameClock fake X server"

    /// Listens on a free display number and serves each client on a thread of its own.
    public init() throws {
        XServerSupport.ensureSocketDirectory()
        guard let number = XServerSupport.freeDisplayNumber() else {
            throw XServerStartFailure(
                description: "no free X display number in \(XServerSupport.displayNumbers)")
        }
        display = ":\(number)"
        path = XServerSupport.socketPath(number)
        // A socket file nobody listens on (freeDisplayNumber checked) is a dead server's.
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw XServerStartFailure(description: "socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            let code = errno
            close(listener)
            throw XServerStartFailure(description: "bind or listen at \(path): errno \(code)")
        }
        let thread = Thread { [self] in acceptClients() }
        thread.start()
    }

    deinit { stop() }

    /// The extension names clients asked for, in order.
    public var queriedExtensions: [String] { lock.withLock { queried } }

    /// Stops listening and hangs up on every client.
    public func stop() {
        let open = lock.withLock { () -> [Int32]? in
            guard !isStopped else { return nil }
            isStopped = true
            return clients
        }
        guard let open else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for client in open { shutdown(client, Int32(SHUT_RDWR)) }
        unlink(path)
    }

    private func acceptClients() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let accepted = lock.withLock { () -> Bool in
                guard !isStopped else { return false }
                clients.append(client)
                return true
            }
            guard accepted else {
                close(client)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    /// One client: the setup, then requests until it hangs up.
    private func serve(_ client: Int32) {
        defer {
            lock.withLock { clients.removeAll { $0 == client } }
            close(client)
        }
        guard let header = read(client, count: 12), header[0] == UInt8(ascii: "l") else { return }
        let nameLength = Int(Self.uint16(header, at: 6))
        let dataLength = Int(Self.uint16(header, at: 8))
        guard read(client, count: Self.padded(nameLength) + Self.padded(dataLength)) != nil,
            write(client, Self.setupReply())
        else { return }
        var sequence: UInt16 = 0
        while let request = read(client, count: 4) {
            sequence &+= 1
            var length = Int(Self.uint16(request, at: 2)) * 4
            if length == 0 {
                // BIG-REQUESTS form: the length follows. Never enabled here, but read it right.
                guard let big = read(client, count: 4) else { return }
                length = Int(Self.uint32(big, at: 0)) * 4 - 4
            }
            guard length >= 4, let body = read(client, count: length - 4) else { return }
            let answer: [UInt8]
            if request[0] == Self.queryExtensionOpcode, body.count >= 4 {
                let count = Int(Self.uint16(body, at: 0))
                let name = String(decoding: body.dropFirst(4).prefix(count), as: UTF8.self)
                lock.withLock { queried.append(name) }
                answer = Self.absentExtensionReply(sequence: sequence)
            } else {
                answer = Self.error(Self.badImplementation, sequence: sequence, opcode: request[0])
            }
            guard write(client, answer) else { return }
        }
    }

    // MARK: - The wire

    /// The setup reply: success, protocol 11.0, one screen of 640 × 480 at depth 24 with one TrueColor
    /// visual, one pixmap format.
    static func setupReply() -> [UInt8] {
        var data: [UInt8] = []
        data += le32(1)  // release number
        data += le32(0x0020_0000)  // resource-id base
        data += le32(0x001F_FFFF)  // resource-id mask
        data += le32(0)  // motion buffer size
        data += le16(UInt16(vendor.utf8.count))
        data += le16(0xFFFF)  // maximum request length
        data += [1, 1]  // screens, formats
        data += [0, 0, 32, 32]  // image byte order LSBFirst, bitmap bit order, scanline unit and pad
        data += [8, 255]  // keycodes
        data += [0, 0, 0, 0]
        data +=
            Array(vendor.utf8) + [UInt8](repeating: 0, count: padded(vendor.utf8.count) - vendor.utf8.count)
        data += [24, 32, 32, 0, 0, 0, 0, 0]  // format: depth 24, 32 bits per pixel, scanline pad 32
        // The screen: root, colormap, white, black, input masks, 640 × 480 px, 170 × 127 mm,
        // installed maps 1 and 1, root visual, backing stores, save unders, depth 24, one depth.
        data += le32(0x0000_0100) + le32(0x0000_0020) + le32(0x00FF_FFFF) + le32(0) + le32(0)
        data += le16(640) + le16(480) + le16(170) + le16(127) + le16(1) + le16(1)
        data += le32(0x0000_0021) + [0, 0, 24, 1]
        data += [24, 0] + le16(1) + [0, 0, 0, 0]  // depth 24, one visual
        data += le32(0x0000_0021) + [4, 8] + le16(256)  // TrueColor, 8 bits per RGB, 256 entries
        data += le32(0x00FF_0000) + le32(0x0000_FF00) + le32(0x0000_00FF) + [0, 0, 0, 0]
        return [1, 0] + le16(11) + le16(0) + le16(UInt16(data.count / 4)) + data
    }

    /// QueryExtension's reply: not present.
    static func absentExtensionReply(sequence: UInt16) -> [UInt8] {
        [1, 0] + le16(sequence) + le32(0) + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 20)
    }

    /// An error of `code` for the request `sequence` of major opcode `opcode`.
    static func error(_ code: UInt8, sequence: UInt16, opcode: UInt8) -> [UInt8] {
        [0, code] + le16(sequence) + le32(0) + le16(0) + [opcode] + [UInt8](repeating: 0, count: 21)
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    static func uint16(_ bytes: [UInt8], at index: Int) -> UInt16 {
        UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
    }
    static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        UInt32(uint16(bytes, at: index)) | UInt32(uint16(bytes, at: index + 2)) << 16
    }
    /// `count` rounded up to a multiple of 4, as the protocol pads.
    static func padded(_ count: Int) -> Int { (count + 3) & ~3 }

    /// Reads exactly `count` bytes, or nil at the end of the stream or on an error.
    private func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + done, count - done)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// Writes all of `bytes`; false on an error.
    private func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let put = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL))
            }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else { return false }
            done += put
        }
        return true
    }
}

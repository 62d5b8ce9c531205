import Foundation
import Testing
import WestonFixture

@testable import Wayland

/// The named opcodes against the protocol XML (libwayland-dev's `wayland.xml`, wayland-protocols'
/// `xdg-shell.xml`, `presentation-time.xml` and `input-timestamps-unstable-v1.xml`): every case of each interface's enum is the request
/// or event of its name (`getXdgSurface` is `get_xdg_surface`) at its place in the interface.
@Suite(
    "The named opcodes are the protocols' own",
    .enabled(
        if: ProtocolMessages.filesPresent || WestonAvailability.isCI,
        "the protocol XML files are not installed (apt-get install libwayland-dev wayland-protocols); with CI=true this fails"
    ))
struct ProtocolOpcodeTests {
    /// Each interface's named opcodes, by the case names.
    static func opcodes<Opcode: RawRepresentable<UInt32> & CaseIterable>(_ type: Opcode.Type) -> [(
        String, UInt32
    )] {
        Opcode.allCases.map { (String(describing: $0), $0.rawValue) }
    }

    static let requests: [String: [(String, UInt32)]] = [
        "wl_display": opcodes(WaylandRequest.Display.self),
        "wl_registry": opcodes(WaylandRequest.Registry.self),
        "wl_compositor": opcodes(WaylandRequest.Compositor.self),
        "wl_shm": opcodes(WaylandRequest.Shm.self),
        "wl_shm_pool": opcodes(WaylandRequest.ShmPool.self),
        "wl_buffer": opcodes(WaylandRequest.Buffer.self),
        "wl_surface": opcodes(WaylandRequest.Surface.self),
        "wl_output": opcodes(WaylandRequest.Output.self),
        "wl_subcompositor": opcodes(WaylandRequest.Subcompositor.self),
        "wl_subsurface": opcodes(WaylandRequest.Subsurface.self),
        "xdg_wm_base": opcodes(WaylandRequest.WmBase.self),
        "xdg_surface": opcodes(WaylandRequest.XdgSurface.self),
        "xdg_toplevel": opcodes(WaylandRequest.XdgToplevel.self),
        "wp_presentation": opcodes(WaylandRequest.Presentation.self),
        "zwp_input_timestamps_manager_v1": opcodes(WaylandRequest.InputTimestampsManager.self),
        "zwp_input_timestamps_v1": opcodes(WaylandRequest.InputTimestamps.self),
    ]

    static let events: [String: [(String, UInt32)]] = [
        "wl_registry": opcodes(WaylandEvent.Registry.self),
        "wl_surface": opcodes(WaylandEvent.Surface.self),
        "wl_output": opcodes(WaylandEvent.Output.self),
        "xdg_toplevel": opcodes(WaylandEvent.XdgToplevel.self),
        "wp_presentation_feedback": opcodes(WaylandEvent.PresentationFeedback.self),
    ]

    /// The protocol's name of a case: words apart, in lower case (`setAppID` is `set_app_id`).
    static func protocolName(_ caseName: String) -> String {
        var name = ""
        var previous: Character?
        for character in caseName {
            if character.isUppercase, let previous, previous.isLowercase { name += "_" }
            name += character.lowercased()
            previous = character
        }
        return name
    }

    /// Expects each of `named`'s opcodes to be its message's place in `messages`, by interface.
    static func expectOpcodes(
        _ named: [String: [(String, UInt32)]], in messages: [String: [ProtocolMessages.Message]]
    ) {
        for (interface, opcodes) in named {
            for (caseName, opcode) in opcodes {
                let name = protocolName(caseName)
                let index = messages[interface]?.firstIndex { $0.name == name }
                #expect(index == Int(opcode), "\(interface).\(name)")
            }
        }
    }

    @Test("every named request's opcode is its place among its interface's requests")
    func requestOpcodes() throws {
        let protocols = try #require(ProtocolMessages.read(ProtocolMessages.files))
        Self.expectOpcodes(Self.requests, in: protocols.requests)
    }

    @Test("every named event's opcode is its place among its interface's events")
    func eventOpcodes() throws {
        let protocols = try #require(ProtocolMessages.read(ProtocolMessages.files))
        Self.expectOpcodes(Self.events, in: protocols.events)
    }

    @Test("the versions named for requests are the ones they came in")
    func requestVersions() throws {
        let protocols = try #require(ProtocolMessages.read(ProtocolMessages.files))
        let damageBuffer = protocols.requests["wl_surface"]?.first { $0.name == "damage_buffer" }
        #expect(damageBuffer?.since == WaylandRequest.Surface.damageBufferVersion)
        let release = protocols.requests["wl_output"]?.first { $0.name == "release" }
        #expect(release?.since == WaylandRequest.Output.releaseVersion)
    }

    /// The staging protocols' named requests (their XML is in Debian 13's wayland-protocols, not
    /// 12's): checked against the opcodes wayland-scanner wrote into the checked-in headers, which
    /// Tests/Wayland/check-generated-protocols.sh keeps identical to its output for that XML.
    static let stagingRequests: [String: [(String, UInt32)]] = [
        "wp_commit_timing_manager_v1": opcodes(WaylandRequest.CommitTimingManager.self),
        "wp_commit_timer_v1": opcodes(WaylandRequest.CommitTimer.self),
        "wp_fifo_manager_v1": opcodes(WaylandRequest.FifoManager.self),
        "wp_fifo_v1": opcodes(WaylandRequest.Fifo.self),
    ]

    @Test("the staging protocols' named requests are the generated headers' opcodes")
    func stagingRequestOpcodes() throws {
        let include = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CWaylandProtocols/include")
        var defines: [String: UInt32] = [:]
        for header in ["commit-timing-v1-client-protocol.h", "fifo-v1-client-protocol.h"] {
            let text = try String(contentsOf: include.appendingPathComponent(header), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#define ") {
                let words = line.split(separator: " ")
                if words.count == 3, let value = UInt32(words[2]) { defines[String(words[1])] = value }
            }
        }
        #expect(defines.count >= 9, "the headers' request opcodes were not found")
        for (interface, opcodes) in Self.stagingRequests {
            for (caseName, opcode) in opcodes {
                let define = (interface + "_" + Self.protocolName(caseName)).uppercased()
                #expect(defines[define] == opcode, "\(define)")
            }
        }
    }

    @Test("case names become the protocol's names")
    func protocolNames() {
        #expect(Self.protocolName("setAppID") == "set_app_id")
        #expect(Self.protocolName("getXdgSurface") == "get_xdg_surface")
        #expect(Self.protocolName("commit") == "commit")
    }
}

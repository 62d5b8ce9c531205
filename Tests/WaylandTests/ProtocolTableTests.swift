import CWayland
import CWaylandProtocols
import Foundation
import Testing

@testable import Wayland

/// The opcodes the Wayland module names by hand (``WaylandRequest``, ``WaylandEvent``) against the
/// interface tables: libwayland's own for the core protocol, wayland-scanner's (checked in,
/// Tests/Wayland/check-generated-protocols.sh) for xdg-shell and presentation-time. An opcode is a
/// message's place in its interface's table, so each case's name must be the message's name there.
/// No compositor needed.
@Suite("Named opcodes against the generated interface tables")
struct ProtocolTableTests {
    @Test("each request's opcode names the same request in its interface's table")
    func requestsMatchTables() {
        expectMessages(WaylandRequest.Display.self, in: wl_display_interface, side: .requests)
        expectMessages(WaylandRequest.Registry.self, in: cwl_interface_wl_registry().pointee, side: .requests)
        expectMessages(
            WaylandRequest.Compositor.self, in: cwl_interface_wl_compositor().pointee, side: .requests)
        expectMessages(WaylandRequest.Shm.self, in: cwl_interface_wl_shm().pointee, side: .requests)
        expectMessages(WaylandRequest.ShmPool.self, in: cwl_interface_wl_shm_pool().pointee, side: .requests)
        expectMessages(WaylandRequest.Buffer.self, in: cwl_interface_wl_buffer().pointee, side: .requests)
        expectMessages(WaylandRequest.Surface.self, in: cwl_interface_wl_surface().pointee, side: .requests)
        expectMessages(WaylandRequest.Output.self, in: cwl_interface_wl_output().pointee, side: .requests)
        expectMessages(WaylandRequest.Seat.self, in: cwl_interface_wl_seat().pointee, side: .requests)
        expectMessages(WaylandRequest.Pointer.self, in: cwl_interface_wl_pointer().pointee, side: .requests)
        expectMessages(WaylandRequest.Keyboard.self, in: cwl_interface_wl_keyboard().pointee, side: .requests)
        expectMessages(WaylandRequest.Touch.self, in: cwl_interface_wl_touch().pointee, side: .requests)
        expectMessages(WaylandRequest.WmBase.self, in: cwl_interface_xdg_wm_base().pointee, side: .requests)
        expectMessages(
            WaylandRequest.XdgSurface.self, in: cwl_interface_xdg_surface().pointee, side: .requests)
        expectMessages(
            WaylandRequest.XdgToplevel.self, in: cwl_interface_xdg_toplevel().pointee, side: .requests)
        expectMessages(
            WaylandRequest.Presentation.self, in: cwl_interface_wp_presentation().pointee, side: .requests)
        expectMessages(
            WaylandRequest.InputTimestampsManager.self,
            in: cwl_interface_zwp_input_timestamps_manager_v1().pointee, side: .requests)
        expectMessages(
            WaylandRequest.InputTimestamps.self, in: cwl_interface_zwp_input_timestamps_v1().pointee,
            side: .requests)
    }

    @Test("each event's opcode names the same event in its interface's table")
    func eventsMatchTables() {
        expectMessages(WaylandEvent.Registry.self, in: cwl_interface_wl_registry().pointee, side: .events)
        expectMessages(WaylandEvent.Surface.self, in: cwl_interface_wl_surface().pointee, side: .events)
        expectMessages(WaylandEvent.Output.self, in: cwl_interface_wl_output().pointee, side: .events)
        expectMessages(WaylandEvent.Seat.self, in: cwl_interface_wl_seat().pointee, side: .events)
        expectMessages(WaylandEvent.Pointer.self, in: cwl_interface_wl_pointer().pointee, side: .events)
        expectMessages(WaylandEvent.Keyboard.self, in: cwl_interface_wl_keyboard().pointee, side: .events)
        expectMessages(WaylandEvent.Touch.self, in: cwl_interface_wl_touch().pointee, side: .events)
        expectMessages(WaylandEvent.XdgToplevel.self, in: cwl_interface_xdg_toplevel().pointee, side: .events)
        expectMessages(
            WaylandEvent.PresentationFeedback.self, in: cwl_interface_wp_presentation_feedback().pointee,
            side: .events)
    }

    @Test("the generated client headers' opcodes and versions agree with the named ones")
    func generatedHeaderConstants() {
        #expect(WaylandRequest.WmBase.getXdgSurface.rawValue == XDG_WM_BASE_GET_XDG_SURFACE)
        #expect(WaylandRequest.WmBase.pong.rawValue == XDG_WM_BASE_PONG)
        #expect(WaylandRequest.XdgSurface.getToplevel.rawValue == XDG_SURFACE_GET_TOPLEVEL)
        #expect(WaylandRequest.XdgSurface.ackConfigure.rawValue == XDG_SURFACE_ACK_CONFIGURE)
        #expect(WaylandRequest.XdgToplevel.setTitle.rawValue == XDG_TOPLEVEL_SET_TITLE)
        #expect(WaylandRequest.XdgToplevel.setAppID.rawValue == XDG_TOPLEVEL_SET_APP_ID)
        #expect(WaylandRequest.XdgToplevel.setFullscreen.rawValue == XDG_TOPLEVEL_SET_FULLSCREEN)
        #expect(WaylandRequest.XdgToplevel.unsetFullscreen.rawValue == XDG_TOPLEVEL_UNSET_FULLSCREEN)
        #expect(WaylandRequest.Presentation.feedback.rawValue == WP_PRESENTATION_FEEDBACK)
        #expect(WaylandRequest.Surface.damageBufferVersion == WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION)
        #expect(WaylandRequest.Output.releaseVersion == WL_OUTPUT_RELEASE_SINCE_VERSION)
        #expect(WaylandRequest.Seat.releaseVersion == WL_SEAT_RELEASE_SINCE_VERSION)
        #expect(WaylandRequest.Pointer.releaseVersion == WL_POINTER_RELEASE_SINCE_VERSION)
        #expect(WaylandRequest.Keyboard.releaseVersion == WL_KEYBOARD_RELEASE_SINCE_VERSION)
        #expect(WaylandRequest.Touch.releaseVersion == WL_TOUCH_RELEASE_SINCE_VERSION)
        #expect(cwl_interface_xdg_wm_base().pointee.version == 5)
        #expect(cwl_interface_wp_presentation().pointee.version == 1)
        #expect(
            WaylandRequest.InputTimestampsManager.getPointerTimestamps.rawValue
                == ZWP_INPUT_TIMESTAMPS_MANAGER_V1_GET_POINTER_TIMESTAMPS)
        #expect(
            WaylandRequest.InputTimestampsManager.getTouchTimestamps.rawValue
                == ZWP_INPUT_TIMESTAMPS_MANAGER_V1_GET_TOUCH_TIMESTAMPS)
        #expect(cwl_interface_zwp_input_timestamps_v1().pointee.event_count == 1)
    }
}

/// Which of an interface's two message tables an enum names.
private enum MessageSide { case requests, events }

/// Every case of `Messages` against the message at its opcode in `interface`'s table: the case's
/// name in snake case (`getXdgSurface` → `get_xdg_surface`, `setAppID` → `set_app_id`) is the
/// message's name.
private func expectMessages<Messages: RawRepresentable<UInt32> & CaseIterable>(
    _: Messages.Type, in table: wl_interface, side: MessageSide,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let (count, messages) =
        side == .requests ? (table.method_count, table.methods) : (table.event_count, table.events)
    let interfaceName = String(cString: table.name)
    for message in Messages.allCases {
        let opcode = Int(message.rawValue)
        guard opcode < count, let messages else {
            Issue.record(
                "\(interfaceName) has \(count) \(side), no opcode \(opcode) (\(message))",
                sourceLocation: sourceLocation)
            continue
        }
        let tableName = String(cString: messages[opcode].name)
        #expect(
            tableName == snakeCase("\(message)"), "\(interfaceName) \(side) opcode \(opcode)",
            sourceLocation: sourceLocation)
    }
}

private func snakeCase(_ name: String) -> String {
    var result = ""
    for character in name.replacingOccurrences(of: "ID", with: "Id") {
        if character.isUppercase {
            result += "_" + character.lowercased()
        } else {
            result.append(character)
        }
    }
    return result
}

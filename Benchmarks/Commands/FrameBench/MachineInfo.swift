import Foundation
import FrameClock

/// The machine a report was measured on.
struct MachineInfo: Codable, Sendable {
    var kernel: String
    var cores: Int
    var clockSource: String
    var defaultTimerSlackNanoseconds: Int
    var frameThreadTimerSlackNanoseconds: Int?
    var schedFIFOGranted: Bool?
    var schedFIFORefusal: String?
    var date: String

    static func current(frameThread: FrameThreadReport?) -> MachineInfo {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        let clockSource =
            (try? String(
                contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource",
                encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return MachineInfo(
            kernel: "\(text(name.sysname)) \(text(name.release)) \(text(name.machine))",
            cores: ProcessInfo.processInfo.activeProcessorCount, clockSource: clockSource,
            defaultTimerSlackNanoseconds: ThreadSettings.defaultTimerSlack(),
            frameThreadTimerSlackNanoseconds: frameThread?.timerSlackNanoseconds,
            schedFIFOGranted: frameThread?.realtimeGranted, schedFIFORefusal: frameThread?.realtimeRefusal,
            date: ISO8601DateFormatter().string(from: Date()))
    }
}

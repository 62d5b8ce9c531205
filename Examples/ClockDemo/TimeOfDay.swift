import Foundation
import FrameClock

/// A local time of day, to the nanosecond, for the clock face and its label.
struct TimeOfDay: Equatable, Sendable {
    var hour: Int
    var minute: Int
    var second: Int
    var nanosecond: Int

    /// The seconds into the minute, with the fraction: what the ring shows.
    var secondsIntoMinute: Double { Double(second) + Double(nanosecond) / 1e9 }

    /// "HH:MM:SS".
    var label: String { String(format: "%02d:%02d:%02d", hour, minute, second) }

    /// The local time at a wall-clock instant (nanoseconds since the Unix epoch).
    init(wallClockNanoseconds wall: Int64) {
        var seconds = time_t(wall / 1_000_000_000)
        var nanos = Int(wall % 1_000_000_000)
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        var parts = tm()
        localtime_r(&seconds, &parts)
        self.init(
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec), nanosecond: nanos)
    }

    /// The local time when a monotonic instant comes (the offset to the wall clock read afresh).
    init(at instant: MonotonicInstant) {
        self.init(wallClockNanoseconds: instant.wallClockNanoseconds)
    }

    init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Parses "HH:MM:SS" or "HH:MM:SS.fff" (24-hour); nil for anything else.
    init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]),
            parts[0].count <= 2, parts[1].count == 2, (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(secondParts.count), secondParts[0].count == 2,
            let second = Int(secondParts[0]),
            (0..<60).contains(second)
        else { return nil }
        var nanosecond = 0
        if secondParts.count == 2 {
            let digits = secondParts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), let value = Int(digits)
            else { return nil }
            nanosecond = value * Int(pow(10, Double(9 - digits.count)))
        }
        self.init(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }
}

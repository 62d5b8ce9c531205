import Foundation

/// Time in one cpuidle state, summed over every core, in microseconds.
struct IdleStateTime: Codable, Sendable, Equatable {
    /// The state's name, as the kernel gives it (`POLL`, `C1`, `haltpoll idle`, ...).
    var name: String
    var microseconds: Double
}

/// The time the machine's cores have spent in each idle state, from
/// `/sys/devices/system/cpu/cpu*/cpuidle/state*/{name,time}`: what a CPU-latency request costs shows
/// as time moved from the halting or deep states into `POLL`.
enum IdleStates {
    /// Where the kernel lists the cores.
    static let defaultRoot = "/sys/devices/system/cpu"

    /// The time in each state so far, summed over the cores by state name, in the kernel's order of
    /// the states (state0 first); nil where there is no cpuidle (no driver, a container without
    /// sysfs), or nothing in it can be read.
    static func read(root: String = defaultRoot) -> [IdleStateTime]? {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: root) else { return nil }
        let cores = entries.filter { $0.hasPrefix("cpu") && Int($0.dropFirst(3)) != nil }
        let perCore = cores.map { core -> [IdleStateTime]? in
            let folder = "\(root)/\(core)/cpuidle"
            let states = (try? files.contentsOfDirectory(atPath: folder)) ?? []
            let numbered = states.compactMap { name -> Int? in
                name.hasPrefix("state") ? Int(name.dropFirst(5)) : nil
            }
            return numbered.sorted().compactMap { index in
                guard let name = text("\(folder)/state\(index)/name"),
                    let time = text("\(folder)/state\(index)/time").flatMap(Double.init)
                else { return nil }
                return IdleStateTime(name: name, microseconds: time)
            }
        }
        return sum(perCore)
    }

    /// The time spent in each state between two readings (`after` minus `before`, by name); nil when
    /// either is missing.
    static func difference(_ after: [IdleStateTime]?, _ before: [IdleStateTime]?) -> [IdleStateTime]? {
        guard let after, let before else { return nil }
        return after.map { state in
            let earlier = before.first { $0.name == state.name }?.microseconds ?? 0
            return IdleStateTime(name: state.name, microseconds: state.microseconds - earlier)
        }
    }

    /// The sum of several runs' times, by name in first-seen order; nil when any run has none.
    static func sum(_ runs: [[IdleStateTime]?]) -> [IdleStateTime]? {
        var totals: [IdleStateTime] = []
        for run in runs {
            guard let run else { return nil }
            for state in run {
                if let slot = totals.firstIndex(where: { $0.name == state.name }) {
                    totals[slot].microseconds += state.microseconds
                } else {
                    totals.append(state)
                }
            }
        }
        return totals.isEmpty ? nil : totals
    }

    private static func text(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

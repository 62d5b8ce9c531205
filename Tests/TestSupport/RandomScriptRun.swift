import Foundation

/// How many random scripts a suite plays, and from which seed: its defaults, or what two
/// environment variables ask (a longer run; a replay from the seed a failure printed).
public struct RandomScriptRun: Sendable {
    /// How many scripts.
    public let count: Int
    /// The first script's seed; the others follow it.
    public let firstSeed: UInt64

    /// `defaultCount` scripts from seed 1, or as many as `countVariable` says from the seed
    /// `seedVariable` says.
    public init(countVariable: String, defaultCount: Int, seedVariable: String) {
        let environment = ProcessInfo.processInfo.environment
        count = environment[countVariable].flatMap(Int.init) ?? defaultCount
        firstSeed = environment[seedVariable].flatMap(UInt64.init) ?? 1
    }

    /// The seeds, in order.
    public var seeds: Range<UInt64> { firstSeed..<(firstSeed &+ UInt64(max(0, count))) }
}

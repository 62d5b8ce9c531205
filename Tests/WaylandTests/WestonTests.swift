import Testing
import WestonFixture

/// Every test that starts a weston: one at a time (each starts its own compositor; the memory checks
/// count the process's mappings), skipped loudly without weston, failed without it under CI=true.
@Suite(
    "Against weston headless", .serialized,
    .enabled(if: WestonAvailability.testsRun, Comment(rawValue: WestonAvailability.skipReason)),
    .timeLimit(.minutes(1)))
struct WestonTests {}

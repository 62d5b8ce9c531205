import Testing
import WestonFixture

/// Every display-link test that starts a weston: one at a time (each starts its own compositor and
/// runs frames in real time), skipped loudly without weston, failed without it under CI=true.
@Suite(
    "Display links under weston headless", .serialized,
    .enabled(if: WestonAvailability.testsRun, Comment(rawValue: WestonAvailability.skipReason)),
    .timeLimit(.minutes(1)))
struct WestonLinkTests {}

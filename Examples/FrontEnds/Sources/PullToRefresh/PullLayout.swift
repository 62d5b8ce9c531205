/// The window and the list's geometry, in surface pixels, and the pull's rules.
enum PullLayout {
    /// The window's size: a phone's portrait screen.
    static let width = 360
    static let height = 640

    /// The pull at which the arrow turns over and a release starts a refresh.
    static let threshold = 80.0
    /// Where the header rests while the refresh runs: the spinner's row, fully shown.
    static let refreshingOffset = 60.0

    /// The list's rows.
    static let rowCount = 10
    static let rowHeight = 64.0
    static let rowInset = 12.0

    /// How long the arrow takes to turn over (UIKit's refresh control: about 0.2 s).
    static let arrowTurnDuration = 0.2
    /// The arrow's angle pointing down (pull on) and turned over (release to refresh).
    static let arrowDownAngle = 0.0
    static let arrowUpAngle = Double.pi

    /// The spring the header settles with: critically damped, so that it neither overshoots above
    /// the list nor bounces below the spinner's row.
    static let springMass = 1.0
    static let springStiffness = 170.0
    static let springDamping = 26.0

    /// How long the refresh (a network fetch, in a real list) takes.
    static let refreshDuration = Duration.seconds(2)
}

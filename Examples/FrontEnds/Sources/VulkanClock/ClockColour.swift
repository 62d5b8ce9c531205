import FrameClock

/// The colour a frame is cleared to, which tells the time it will be shown: the hue goes once round
/// the colour wheel a minute, the brightness rises from black to full over each second.
struct ClockColour {
    /// The red component, 0 to 1.
    var red: Float
    /// The green component, 0 to 1.
    var green: Float
    /// The blue component, 0 to 1.
    var blue: Float

    /// The sextants of the colour wheel, red → yellow → green → cyan → blue → magenta.
    private static let hueSectors = 6

    /// The colour for the wall-clock time at the monotonic instant `time`.
    init(at time: MonotonicInstant) {
        let wall = time.wallClockNanoseconds
        let brightness = Float(wall % 1_000_000_000) / 1e9
        let hue = Float(wall % 60_000_000_000) / 60e9 * Float(Self.hueSectors)
        let sector = Int(hue) % Self.hueSectors
        let rising = hue - hue.rounded(.down)
        let falling = 1 - rising
        let (red, green, blue): (Float, Float, Float) =
            switch sector {
            case 0: (1, rising, 0)
            case 1: (falling, 1, 0)
            case 2: (0, 1, rising)
            case 3: (0, falling, 1)
            case 4: (rising, 0, 1)
            default: (1, 0, falling)
            }
        self.red = red * brightness
        self.green = green * brightness
        self.blue = blue * brightness
    }
}

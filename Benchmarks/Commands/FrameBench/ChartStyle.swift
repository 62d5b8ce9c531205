/// How each subject is drawn in the charts: Okabe and Ito's palette for colour-blind readers
/// (yellow left out: too faint on white), a dash pattern and a marker shape, so that no two subjects
/// look alike in colour, on a grey printout, or where their lines cross.
enum ChartStyle {
    /// Okabe–Ito: black, blue, bluish green, vermillion, orange, sky blue, reddish purple.
    static let palette: [ChartScene.Colour] = [
        ChartScene.Colour(0, 0, 0), ChartScene.Colour(0, 114, 178), ChartScene.Colour(0, 158, 115),
        ChartScene.Colour(213, 94, 0), ChartScene.Colour(230, 159, 0), ChartScene.Colour(86, 180, 233),
        ChartScene.Colour(204, 121, 167),
    ]

    /// Solid for the floors and the display links, then dashed, then dash-dotted.
    static let dashes: [[Double]] = [[], [7, 4], [9, 3, 2, 3]]

    /// The stroke of `subject`'s line: the n-th subject takes colour n mod 7 and the dash pattern
    /// of its group of seven, so that every (colour, dash) pair is different.
    static func stroke(for subject: Subject) -> ChartScene.Stroke {
        let index = Subject.allCases.firstIndex(of: subject) ?? 0
        let wide = subject == .reference || subject.isExternal
        return ChartScene.Stroke(
            colour: palette[index % palette.count], width: wide ? 2.5 : 2,
            dash: dashes[(index / palette.count) % dashes.count] + (subject.isExternal ? [2, 2] : []))
    }

    /// The marker of `subject`'s points.
    static func marker(for subject: Subject) -> ChartScene.Marker {
        let index = Subject.allCases.firstIndex(of: subject) ?? 0
        return ChartScene.Marker.allCases[index % ChartScene.Marker.allCases.count]
    }
}

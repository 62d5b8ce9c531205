import FrameClock

/// The classic case, literally: a 1 s timer whose callback works 1.5 s, run for 7.5 s per subject.
enum ClassicCase {
    static func run(subjects: [Subject], progress: inout ProgressBar) async throws -> [ClassicCaseRow] {
        var rows: [ClassicCaseRow] = []
        progress.announce("classic case: 1 s timer, 1.5 s of work, 7.5 s per subject")
        var bar = ProgressBar(total: subjects.count)
        for subject in subjects {
            let context = RunContext(
                subject: subject, workload: .heavy, period: try FramePeriod(framesPerSecond: 1),
                runNanoseconds: 7_500_000_000, seed: 1)
            let record = try await SubjectRunner.run(context)
            let starts = record.samples.map(\.start)
            let intervals = zip(starts, starts.dropFirst()).map { Double($1 - $0) / 1e9 }
            rows.append(
                ClassicCaseRow(
                    subject: subject, intervalsSeconds: intervals.map { ($0 * 1000).rounded() / 1000 },
                    skippedReported: subject.isDisplayLink ? record.samples.compactMap(\.reportedSkips) : nil,
                    jank: subject.isExternal ? nil : JankAnalysis.jank(for: [record]))
            )
            bar.advance(label: "classic \(subject.rawValue)")
        }
        return rows
    }
}

import MediaTiming
import Testing

/// MediaTiming's errors read as sentences that say what was wrong and what to do.
struct ErrorDescriptionTests {
    @Test func keyframeErrorsSayWhatToPass() {
        do {
            _ = try KeyframeAnimation<Double>(property: .opacity, values: [])
            Issue.record("no values were accepted")
        } catch {
            #expect(
                error.description
                    == "a keyframe animation needs at least one value, but values is empty: pass one value or more"
            )
        }
        let cases: [(KeyframeAnimationError, [String])] = [
            (
                .keyTimeCountMismatch(valueCount: 3, keyTimeCount: 2),
                ["keyTimes has 2 entries for 3 values", "one key time per value"]
            ),
            (.keyTimeOutOfRange(index: 1, keyTime: 1.5), ["index 1 is 1.5, outside 0...1"]),
            (.keyTimeOutOfRange(index: 0, keyTime: .nan), ["index 0 is nan"]),
            (
                .keyTimesNotSorted(index: 2),
                ["index 2 is smaller than the one before it", "must not decrease"]
            ),
            (
                .timingFunctionCountMismatch(expected: 2, actual: 3),
                ["3 entries for 2 segments", "one fewer than the values"]
            ),
        ]
        for (error, phrases) in cases {
            for phrase in phrases {
                #expect(error.description.contains(phrase), "\(error.description)")
            }
            #expect("\(error)" == error.description)
        }
    }

    @Test func layerTreeErrorsSayWhatIsAllowed() throws {
        let root = Layer()
        let child = Layer()
        try root.addSublayer(child)
        do {
            try child.addSublayer(root)
            Issue.record("a cycle was allowed")
        } catch {
            #expect(error.description.contains("would contain a cycle"))
        }
        do {
            try root.insertSublayer(Layer(), at: 5)
            Issue.record("index 5 was allowed")
        } catch {
            #expect(
                error.description
                    == "cannot insert the sublayer at index 5: there are 1 sublayers (not counting it), so the index must be in 0...1"
            )
        }
    }
}

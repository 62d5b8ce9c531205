/// A random script that can offer smaller versions of itself, so that a failing one shrinks to a
/// minimal one before it is printed.
public protocol ShrinkableScript {
    /// Smaller scripts to try in place of this one, smallest first.
    var shrinkCandidates: [Self] { get }
}

extension ShrinkableScript {
    /// The smallest script found from this one that still fails `fails` (greedy: the first smaller
    /// candidate that fails replaces it, until none does or `budget` tries are spent).
    public func shrunk(budget: Int = 2000, while fails: (Self) -> Bool) -> Self {
        var current = self
        var tries = 0
        var progressed = true
        while progressed, tries < budget {
            progressed = false
            for candidate in current.shrinkCandidates {
                tries += 1
                if fails(candidate) {
                    current = candidate
                    progressed = true
                    break
                }
                if tries >= budget { break }
            }
        }
        return current
    }
}

/// A start or a stop found by ``LayerTree/advance(to:)``, to deliver once the whole tree has been
/// looked at.
struct AnimationEvent {
    enum Kind {
        case started
        case stopped(finished: Bool)
    }

    var kind: Kind
    var layer: Layer
    var key: String?
    var animation: any TimedAnimation
    var observation: AnimationObservation

    /// Tells the delegate; for a stop, then the completions counting the animation, running those
    /// that are due.
    func deliver() {
        switch kind {
        case .started:
            observation.delegate?.animationDidStart(animation, on: layer, forKey: key)
        case .stopped(let finished):
            observation.delegate?.animationDidStop(animation, on: layer, forKey: key, finished: finished)
            for completion in observation.completions {
                completion.animationStopped()
                if completion.isDue { completion.run() }
            }
        }
    }
}

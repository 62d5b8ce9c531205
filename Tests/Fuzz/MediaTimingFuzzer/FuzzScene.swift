/// One fuzz run: a pool of up to eight layers driven by a sequence of operations decoded from the
/// input, with the fuzzer's own record of every animation added, one presentation cache per pool
/// slot, and the invariants checked after every operation.
struct FuzzScene {
    static let maxLayers = 8
    static let maxAnimationsPerLayer = 8
    static let maxOperations = 200
    static let keys: [String?] = [nil, "a", "b", "c"]

    /// Whether values are tame (small multiples of powers of two: NaN-free results are required)
    /// or wild (any bit pattern: only crashes and input-independent promises are checked).
    let tame: Bool
    var layers: [Layer] = []
    var shadows: [[ShadowAnimation]] = []
    var caches: [PresentationCache] = []
    /// The root time at which animations are added and layers paused: the last evaluation time.
    var now = 0.0

    init(tame: Bool) {
        self.tame = tame
    }

    mutating func run(_ input: inout FuzzInput) {
        var operations = 0
        while !input.isExhausted && operations < Self.maxOperations {
            perform(&input)
            checkTree()
            operations += 1
        }
        evaluate(atRootTime: now)
        evaluate(atRootTime: now + 0.5)
    }

    mutating func perform(_ input: inout FuzzInput) {
        switch input.byte() % 19 {
        case 0: createLayer(&input)
        case 1: addSublayer(&input)
        case 2: insertSublayer(&input)
        case 3: removeFromSuperlayer(&input)
        case 4: setClock(&input)
        case 5: pause(&input)
        case 6: resume(&input)
        case 7, 8: addBasicAnimation(&input)
        case 9: addKeyframeAnimation(&input)
        case 10: removeAnimation(&input)
        case 11: setModelValue(&input)
        case 12: setPath(&input)
        case 13: swapCaches(&input)
        case 14: probeTimingFunction(&input)
        case 15: probeTimingParameters(&input)
        case 16: probeInterpolation(&input)
        default:
            now = input.rootTime(tame: tame)
            evaluate(atRootTime: now)
        }
    }

    /// The index of a pool layer chosen by the next byte (a layer is made if there is none).
    mutating func layerIndex(_ input: inout FuzzInput) -> Int {
        if layers.isEmpty { append(ShapeLayer()) }
        return Int(input.byte()) % layers.count
    }

    mutating func createLayer(_ input: inout FuzzInput) {
        guard layers.count < Self.maxLayers else { return }
        switch input.byte() % 3 {
        case 0: append(Layer())
        case 1: append(ShapeLayer())
        default: append(TextLayer())
        }
    }

    private mutating func append(_ layer: Layer) {
        layers.append(layer)
        shadows.append([])
        caches.append(PresentationCache())
    }

    mutating func swapCaches(_ input: inout FuzzInput) {
        let first = layerIndex(&input)
        let second = layerIndex(&input)
        caches.swapAt(first, second)
    }
}

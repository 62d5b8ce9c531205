/// The fuzzer's bytes read as a stream of typed values. Past the end every read gives zero, so
/// any input, however short, decodes to something.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A little-endian unsigned integer of `byteCount` bytes.
    mutating func unsigned(byteCount: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(byte()) << UInt64(8 * index)
        }
        return value
    }

    mutating func int8() -> Int8 { Int8(bitPattern: byte()) }
    mutating func int16() -> Int16 { Int16(truncatingIfNeeded: unsigned(byteCount: 2)) }
    mutating func uint16() -> UInt16 { UInt16(truncatingIfNeeded: unsigned(byteCount: 2)) }
    mutating func int32() -> Int32 { Int32(truncatingIfNeeded: unsigned(byteCount: 4)) }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// Any double at all: its eight bytes are the bit pattern (NaNs with payloads, infinities,
    /// subnormals, the largest finite values).
    mutating func rawDouble() -> Double {
        Double(bitPattern: unsigned(byteCount: 8))
    }

    /// Values that break arithmetic most often.
    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 60, 0.25, .nan, .infinity, -.infinity, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        1e300, -1e300, 1e-300, .ulpOfOne, 1 - .ulpOfOne, 1 + .ulpOfOne, 0x1p53, 1e15,
    ]

    /// A double for the wild regime: an edge value, a raw bit pattern or a small number.
    mutating func wildDouble() -> Double {
        switch byte() % 4 {
        case 0: return pick(Self.edgeDoubles)
        case 1: return rawDouble()
        default: return Double(int16()) / 64
        }
    }

    /// A multiple of 1/256 in [−128, 128): a value whose sums and products stay far from overflow.
    mutating func tameDouble() -> Double {
        Double(int16()) / 256
    }

    /// A double from either regime.
    mutating func double(tame: Bool) -> Double {
        tame ? tameDouble() : wildDouble()
    }
}

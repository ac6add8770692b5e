/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a tiny seeded generator, so every property test
/// checks the same cases on every run and a failure reproduces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    /// A uniform integer in `r`.
    public mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &self) }
    /// A uniform element of a non-empty array.
    public mutating func pick<T>(_ a: [T]) -> T { a[int(0...(a.count - 1))] }
}

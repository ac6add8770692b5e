import AlmanacCore

/// Puts candidates back in key order after DST gaps. A wall-clock time in a
/// gap moves forward by the gap (RFC 5545 section 3.3.5) and can pass the
/// candidates after it, so a shifted candidate waits in `pending` until the
/// next unshifted one (`held`) is known; the smaller key leaves first, the
/// unshifted one on a tie. The day-based iterator and the plain-rule stepper
/// feed it alike: while `held` is empty and their source is not done, ``add(_:shifted:)``
/// the next candidate; then ``take()``.
@usableFromInline
struct _GapMerge {
    @usableFromInline var held: _Raw? = nil
    @usableFromInline var pending: [_Raw] = []
    @usableFromInline var pendingIndex = 0

    @usableFromInline init() {}

    /// Whether nothing waits, so that the source's next unshifted candidate
    /// can leave at once.
    @inlinable var isIdle: Bool { held == nil && pending.isEmpty }

    /// A candidate from the source: a shifted one waits, an unshifted one is held.
    @inline(__always)
    mutating func add(_ r: _Raw, shifted: Bool) {
        if shifted { pending.append(r) } else { held = r }
    }

    /// The waiting candidate with the smallest key, or `nil` when none
    /// waits. Call it once `held` is set or the source is done.
    @inline(__always)
    mutating func take() -> _Raw? {
        if pendingIndex < pending.count, held == nil || pending[pendingIndex].sortKey < held!.sortKey {
            let out = pending[pendingIndex]
            pendingIndex += 1
            if pendingIndex == pending.count { pending.removeAll(keepingCapacity: true); pendingIndex = 0 }
            return out
        }
        defer { held = nil }
        return held
    }
}

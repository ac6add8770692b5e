extension Period {
    /// The days of a period: a random-access collection computed from day numbers.
    ///
    /// ```swift
    /// for d in try Period.month(2023, 2).dates { print(d) }   // 2023-02-01 ... 2023-02-28
    /// ```
    public struct Dates: RandomAccessCollection, Sendable, Hashable {
        @usableFromInline let _first: Int
        /// The number of days.
        ///
        /// ```swift
        /// try Period.month(2023, 2).dates.count   // 28
        /// ```
        public let count: Int

        @inlinable init(_first: Int, count: Int) {
            self._first = _first
            self.count = count
        }

        /// Always 0.
        ///
        /// ```swift
        /// try Period.month(2023, 2).dates.startIndex   // 0
        /// ```
        @inlinable public var startIndex: Int { 0 }
        /// ``count``.
        ///
        /// ```swift
        /// try Period.month(2023, 2).dates.endIndex     // 28
        /// ```
        @inlinable public var endIndex: Int { count }
        /// The day at offset `i` from the first day.
        ///
        /// ```swift
        /// try Period.month(2023, 2).dates[27]   // 2023-02-28
        /// ```
        ///
        /// - Complexity: O(1).
        @inlinable public subscript(i: Int) -> CivilDate {
            precondition(i >= 0 && i < count, "index out of range")
            return CivilDate(_unchecked: _first + i)
        }
    }
}

extension Period: CustomStringConvertible, LosslessStringConvertible {
    /// The canonical text, which ``init(parsing:)`` reads back to the same value:
    ///
    /// | kind  | text                         |
    /// |-------|------------------------------|
    /// | day   | `2023-11-13`                 |
    /// | week  | `2023-W48` (ISO), `2023-W48@SU1` (other rules: first weekday and minimum days) |
    /// | month | `2023-11`                    |
    /// | year  | `2023`                       |
    /// | span  | `2023-11-13/P7D`             |
    ///
    /// ```swift
    /// try Period.week(2023, 48).description            // "2023-W48"
    /// try Period.week(2023, 48, rule: .us).description // "2023-W48@SU1"
    /// ```
    public var description: String {
        switch _kind {
        case .day: return firstDay.description
        case .week:
            let w = _rule._week(ofWeekStarting: Int(_first))
            let text = _pad(w.year, 4) + "-W" + _pad(w.week, 2)
            return _rule.isISO ? text : text + "@" + _rule.description
        case .month: return _pad(firstDay.year, 4) + "-" + _pad(firstDay.month, 2)
        case .year: return _pad(firstDay.year, 4)
        case .span: return firstDay.description + "/P" + String(dayCount) + "D"
        }
    }

    /// Reads the text of a period, or `nil` when it is not one (see
    /// ``init(parsing:)`` for the forms and for errors that say why).
    ///
    /// ```swift
    /// Period("2023-W48")     // ISO week 48 of 2023
    /// Period("2023-W54")     // nil
    /// ```
    ///
    /// - Complexity: O(n) in the length of the text.
    public init?(_ description: String) {
        guard let p = try? Period(parsing: description) else { return nil }
        self = p
    }
}

extension Period: TextCoded {
    package static var textShape: String { "a period is written \"YYYY\", \"YYYY-MM\", \"YYYY-MM-DD\", \"YYYY-Www\" or \"YYYY-MM-DD/PnD\"" }
}

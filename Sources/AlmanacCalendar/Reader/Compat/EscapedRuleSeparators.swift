/// An RRULE (or EXRULE) whose separators are escaped as in a TEXT value:
/// `RRULE:FREQ=DAILY\;COUNT=10`, `BYDAY=MO\,WE`. A writer that escapes
/// every property value as TEXT (RFC 5545 section 3.3.11: "\;" and "\,"
/// are TEXT escapes) writes it; RECUR (section 3.3.10) has no escapes, so
/// the value is no rule at all. Lenient mode reads `\;` as `;` and `\,` as
/// `,`, with a reading; strict mode reports the rule as written (its first
/// part, `FREQ=DAILY\`, is no frequency).
///
/// Corpus: `Corpus/ics/rrule-escaped-separators.ics` (issue 24: a file from
/// the hold-out of real producers' files, whose event was dropped).
enum EscapedRuleSeparators {
    /// `value` with `\;` and `\,` unescaped, or `nil` when it has neither.
    static func unescaped(_ value: String) -> String? {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        var changed = false, escaped = false
        for c in value.utf8 {
            if escaped, c == UInt8(ascii: ";") || c == UInt8(ascii: ",") {
                out[out.count - 1] = c
                changed = true
                escaped = false
                continue
            }
            escaped = c == UInt8(ascii: "\\") && !escaped
            out.append(c)
        }
        return changed ? String(decoding: out, as: UTF8.self) : nil
    }

    /// The reading for property `name` on `line`.
    static func reading(_ name: String, _ value: String, line: Int) -> CalendarReading {
        CalendarReading(.liberty, line: line, "\(name) \"\(value)\" has escaped separators (\\; and \\, are TEXT escapes, RFC 5545 section 3.3.11; a rule has none): read as ; and ,")
    }
}

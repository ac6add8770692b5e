import Almanac

extension MarkCommand {
    /// KEY as typed. Day keys have one text, ``DayKey``'s canonical one,
    /// with the series id percent-escaped (`standup%40example.com/...`):
    /// `days`, `agenda --json`, `review` and `diff` print keys that way, and
    /// `mark` writes them that way. `mark` also reads a key whose series id
    /// is typed as it is, unescaped, the way `events` and `review --json`
    /// print a UID (`standup@example.com/2024-05-06T09:30:00/2024-05-06`),
    /// and records it under the canonical key.
    ///
    /// The series id is what comes before the last two `/`. It is read as
    /// percent-escaped text when it is valid as such (only `A-Z a-z 0-9 - .
    /// _ ~` and `%HH` with upper-case hex), else as typed: an id that looks
    /// escaped but is meant literally (`a%40b`) is written escaped
    /// (`a%2540b`), as every command prints it.
    static func dayKey(_ text: String) throws(AlmanacError) -> DayKey {
        let canonical: AlmanacError
        do throws(AlmanacError) { return try DayKey(parsing: text) } catch { canonical = error }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { throw canonical }
        let id = parts.dropLast(2).joined(separator: "/")
        // A fault past the id is one in the recurrence id or date: the canonical message says it best.
        guard let column = canonical.column, column <= id.count else { throw canonical }
        // The id escaped by the library's own rule, then the whole key read canonically.
        let escapedKey = Self.escaped(id) + text.dropFirst(id.count)
        do throws(AlmanacError) { return try DayKey(parsing: escapedKey) } catch {
            // Its message quotes the escaped text: quote the key as typed, at the column as typed.
            guard let c = error.column, let reason = error.reason else { throw error }
            let typedColumn = c - (escapedKey.count - text.count)
            throw AlmanacError(error.kind, "invalid day key \"\(text)\" at column \(typedColumn): " + reason,
                               text: error.text, column: typedColumn)
        }
    }

    /// A series id as keys write it (`standup%40example.com`), by ``OccurrenceKey``'s rule.
    static func escaped(_ id: String) -> String {
        let key = OccurrenceKey(seriesID: id, recurrenceID: RecurrenceID(date: CivilDate(_unchecked: 2000, 1, 1))).description
        return String(key.dropLast("/2000-01-01".count))
    }
}

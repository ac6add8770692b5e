import Almanac

/// The value forms the CLI reads: RFC 5545's and RFC 3339's, through the
/// library's one reader (``Anchor/init(parsing:zone:syntax:)``), and
/// EXDATE/RDATE property values with a TZID and commas.
enum CLIValue {
    /// Both forms: `20240101T090000Z`, `2024-01-01T09:00:00+02:00`.
    static let syntax: Anchor.Syntax = [.rfc5545, .rfc3339]

    /// A value read in either form and written as RFC 5545's text, for a
    /// request (whose fields are RFC 5545 text): `2024-01-01T09:00:00+02:00`
    /// is `20240101T070000Z`, the instant in UTC.
    ///
    /// - Throws: the reader's error, quoting the value and its column as
    ///   typed (`invalid date "2024-13-01" at column 6: month 13 is not in 1...12`).
    static func rfc5545(_ text: String) throws(AlmanacError) -> String {
        try Anchor(parsing: text, syntax: syntax).rfc5545
    }

    /// One `--rdate` or `--exdate` argument as request values: an RFC 5545
    /// property value, `[TZID=zone:]value[,value...]`, each value in
    /// RFC 5545 or RFC 3339 form. Local values with a TZID other than the
    /// series' zone (`seriesZone`) become the UTC instants they name.
    /// A value with a TZID names an instant, so the series must be placed
    /// in time (`hasInstants`: a --tz, or a UTC start); a floating or DATE
    /// series has no instant to compare it with.
    /// Each value comes with the text typed for it, for messages.
    static func list(_ text: String, option: String, seriesZone: String?, hasInstants: Bool) throws(AlmanacError)
        -> [(typed: String, value: String)] {
        var body = Substring(text)
        var zone: Zone?
        if body.uppercased().hasPrefix("TZID=") {
            guard let colon = body.firstIndex(of: ":") else {
                throw CLI.inputError(option: option, "\"\(text)\" has a TZID but no value: write TZID=Europe/Paris:20240101T090000")
            }
            guard hasInstants else {
                throw CLI.inputError(option: option, "\"\(text)\" names an instant, but the series is floating or all-day: "
                    + "give --tz, or write the value without TZID=")
            }
            let id = String(body[body.index(body.startIndex, offsetBy: 5)..<colon])
            body = body[body.index(after: colon)...]
            if id != seriesZone { zone = try CLI.zone(id, option: option) }
        }
        var out: [(typed: String, value: String)] = []
        for part in body.split(separator: ",", omittingEmptySubsequences: false) {
            let anchor: Anchor
            do throws(AlmanacError) { anchor = try Anchor(parsing: part, syntax: syntax) } catch { throw error.named(field: option, input: String(part)) }
            guard let zone else {
                out.append((String(part), anchor.rfc5545))
                continue
            }
            do throws(AlmanacError) {
                guard case .floating(let civil) = anchor else {
                    throw AlmanacError(.invalidValue, "\"\(part)\" must be a local date-time such as 20240101T090000 after TZID=\(zone.identifier)")
                }
                guard let utc = try zone.timestamp(for: civil).utc else {
                    throw AlmanacError(.outOfRange, "\"\(part)\" in \(zone.identifier) is outside the years 1...9999 in UTC")
                }
                out.append((String(part), utc.rfc5545 + "Z"))
            } catch {
                throw error.named(field: option, input: String(text))
            }
        }
        return out
    }
}

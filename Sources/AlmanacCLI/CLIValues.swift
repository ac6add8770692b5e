import Almanac

/// The value forms the CLI reads besides RFC 5545's own: RFC 3339 text as
/// people type it, and EXDATE/RDATE property values with a TZID and commas.
enum CLIValue {
    /// An RFC 3339 value in RFC 5545's form; any other text unchanged (the
    /// parser then says what is wrong with it).
    ///
    /// `2024-01-01` → `20240101`; `2024-01-01T09:00:00` → `20240101T090000`
    /// (local); `2024-01-01T09:00:00Z` → `20240101T090000Z`;
    /// `2024-01-01T09:00:00+02:00` → `20240101T070000Z` (the instant, in UTC).
    static func rfc5545(_ text: String) -> String {
        let b = Array(text.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.upperBound <= b.count && r.allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 } }
        func at(_ k: Int, _ c: Character) -> Bool { k < b.count && b[k] == c.asciiValue! }
        guard b.count >= 10, digits(0..<4), at(4, "-"), digits(5..<7), at(7, "-"), digits(8..<10) else { return text }
        let date = String(decoding: b[0..<4] + b[5..<7] + b[8..<10], as: UTF8.self)
        if b.count == 10 { return date }
        guard b.count >= 19, at(10, "T") || at(10, "t") || at(10, " "), digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"),
              digits(17..<19)
        else { return text }
        let local = date + "T" + String(decoding: b[11..<13] + b[14..<16] + b[17..<19], as: UTF8.self)
        let zone = b[19...]
        if zone.isEmpty { return local }
        if zone.count == 1, at(19, "Z") || at(19, "z") { return local + "Z" }
        guard zone.count == 6, at(19, "+") || at(19, "-"), digits(20..<22), at(22, ":"), digits(23..<25),
              case .floating(let civil)? = try? Anchor(parsing: local)
        else { return text }
        let hours = Int64(String(decoding: b[20..<22], as: UTF8.self))!, minutes = Int64(String(decoding: b[23..<25], as: UTF8.self))!
        guard hours < 24, minutes < 60 else { return text }
        let offset = (hours * 3600 + minutes * 60) * (at(19, "-") ? -1 : 1)
        guard let utc = (Timestamp(utc: civil) + -offset).utc else { return text }
        return utc.rfc5545 + "Z"
    }

    /// One `--rdate` or `--exdate` argument as request values: an RFC 5545
    /// property value, `[TZID=zone:]value[,value...]`, each value in
    /// RFC 5545 or RFC 3339 form. Local values with a TZID other than the
    /// series' zone (`seriesZone`) become the UTC instants they name.
    /// A value with a TZID names an instant, so the series must be placed
    /// in time (`hasInstants`: a --tz, or a UTC start); a floating or DATE
    /// series has no instant to compare it with.
    static func list(_ text: String, option: String, seriesZone: String?, hasInstants: Bool) throws(CLIError) -> [String] {
        var body = Substring(text)
        var zone: Zone?
        if body.uppercased().hasPrefix("TZID=") {
            guard let colon = body.firstIndex(of: ":") else {
                throw CLI.inputError("\(option): \"\(text)\" has a TZID but no value: write TZID=Europe/Paris:20240101T090000")
            }
            guard hasInstants else {
                throw CLI.inputError("\(option): \"\(text)\" names an instant, but the series is floating or all-day: "
                    + "give --tz, or write the value without TZID=")
            }
            let id = String(body[body.index(body.startIndex, offsetBy: 5)..<colon])
            body = body[body.index(after: colon)...]
            if id != seriesZone { zone = try CLI.zone(id, option: option) }
        }
        var out: [String] = []
        for part in body.split(separator: ",", omittingEmptySubsequences: false) {
            let value = rfc5545(String(part))
            guard let zone else {
                out.append(value)
                continue
            }
            do throws(AlmanacError) {
                guard case .floating(let civil) = try Anchor(parsing: value) else {
                    throw AlmanacError(.invalidValue, "\"\(part)\" must be a local date-time such as 20240101T090000 after TZID=\(zone.identifier)")
                }
                guard let utc = try zone.timestamp(for: civil).utc else {
                    throw AlmanacError(.outOfRange, "\"\(part)\" in \(zone.identifier) is outside the years 1...9999 in UTC")
                }
                out.append(utc.rfc5545 + "Z")
            } catch {
                throw CLIError(error, context: "\(option) \"\(text)\"")
            }
        }
        return out
    }
}

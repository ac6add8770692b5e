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
    ///
    /// - Throws: for text in RFC 3339's shape (it starts `YYYY-MM-DD`) that
    ///   is not a valid value: an error that quotes it as typed, with the
    ///   column as typed (`invalid date "2024-13-01" at column 6: month 13
    ///   is not in 1...12`), never the rewritten text.
    static func rfc5545(_ text: String) throws(AlmanacError) -> String {
        let b = Array(text.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.upperBound <= b.count && r.allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 } }
        func at(_ k: Int, _ c: Character) -> Bool { k < b.count && b[k] == c.asciiValue! }
        func fail(_ k: Int, _ why: String) -> AlmanacError {
            let column = String(decoding: b[..<min(k, b.count)], as: UTF8.self).count + 1
            let form = b.count > 10 ? "date-time" : "date"
            return AlmanacError(.invalidValue, "invalid \(form) \"\(text)\" at column \(column): \(why)",
                                text: String(decoding: b[min(k, b.count)...], as: UTF8.self), column: column)
        }
        guard b.count >= 10, digits(0..<4), at(4, "-"), digits(5..<7), at(7, "-"), digits(8..<10) else { return text }
        // Where each byte of the rewritten text was typed: YYYYMMDD, then THHMMSS.
        let origin = [0, 1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 14, 15, 17, 18]
        let date = String(decoding: b[0..<4] + b[5..<7] + b[8..<10], as: UTF8.self)
        if b.count == 10 { return try checked(date, typed: text, origin: origin) }
        guard at(10, "T") || at(10, "t") || at(10, " ") else { throw fail(10, "expected \"T\" and a time such as T09:00:00 after the date") }
        guard b.count >= 19, digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"), digits(17..<19) else {
            throw fail(11, "expected a time HH:MM:SS after \"T\"")
        }
        let local = try checked(date + "T" + String(decoding: b[11..<13] + b[14..<16] + b[17..<19], as: UTF8.self),
                                typed: text, origin: origin)
        let zone = b[19...]
        if zone.isEmpty { return local }
        if zone.count == 1, at(19, "Z") || at(19, "z") { return local + "Z" }
        guard zone.count == 6, at(19, "+") || at(19, "-"), digits(20..<22), at(22, ":"), digits(23..<25) else {
            throw fail(19, "expected Z or an offset such as +02:00 after the time")
        }
        let hours = Int64(String(decoding: b[20..<22], as: UTF8.self))!, minutes = Int64(String(decoding: b[23..<25], as: UTF8.self))!
        guard hours < 24 else { throw fail(20, "offset hours \(hours) are not in 00...23") }
        guard minutes < 60 else { throw fail(23, "offset minutes \(minutes) are not in 00...59") }
        guard case .floating(let civil) = try Anchor(parsing: local) else { return text }
        let offset = (hours * 3600 + minutes * 60) * (at(19, "-") ? -1 : 1)
        guard let utc = (Timestamp(utc: civil) + -offset).utc else {
            throw fail(0, "the instant it names is outside the years 1...9999 in UTC")
        }
        return utc.rfc5545 + "Z"
    }

    /// `rewritten` if it is a valid value, else its parser's error quoting
    /// the text as typed, at the column as typed (`origin[k]` is where byte
    /// `k` of `rewritten` was typed).
    static func checked(_ rewritten: String, typed: String, origin: [Int]) throws(AlmanacError) -> String {
        do throws(AlmanacError) {
            _ = try Anchor(parsing: rewritten)
            return rewritten
        } catch {
            let form = rewritten.count > 8 ? "date-time" : "date"
            guard let c = error.column, let reason = error.reason else { throw error }
            let column = c - 1 < origin.count ? origin[c - 1] + 1 : typed.utf8.count + 1
            var e = AlmanacError(error.kind, "invalid \(form) \"\(typed)\" at column \(column): " + reason, text: error.text, column: column)
            e.reason = reason
            throw e
        }
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
            let value: String
            do throws(AlmanacError) { value = try rfc5545(String(part)) } catch { throw error.named(field: option, input: String(part)) }
            guard let zone else {
                out.append((String(part), value))
                continue
            }
            do throws(AlmanacError) {
                guard case .floating(let civil) = try Anchor(parsing: value) else {
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

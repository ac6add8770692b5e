import Almanac
import AlmanacJSON

/// What a person recorded for one day of one event or to-do: done, partly
/// done or skipped, with an optional note, and when they recorded it.
///
/// ```swift
/// let key = try DayKey(parsing: "sync/2023-11-27T10:00:00/2023-11-27")
/// let r = DayRecord(key: key, mark: .partial(fraction: 0.5), note: "left early",
///                   recordedAt: try Timestamp(utc: CivilDate(2023, 11, 27).at(11, 5)))
/// try r.jsonLine()   // {"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"partial","fraction":0.5,...}
/// ```
///
/// Records are the app's data: Almanac never stores them, it reads them
/// from any sequence (``RecordLog`` reads and appends a JSON Lines file).
/// An app appends a new record when the person changes their mind; of
/// several records for one key, the one with the latest ``recordedAt``
/// wins, and of equal times the later one in the sequence.
///
/// JSON form (one line of a records file):
/// `{"key":"<DayKey text>","mark":"done|partial|skipped","fraction":0.5,"note":"...","recorded":"2023-11-28T09:00:00Z"}`;
/// `fraction` only with `partial` (left out: unknown), `note` optional,
/// `recorded` a UTC instant to the second. Unknown members are errors.
public struct DayRecord: Sendable, Hashable {
    /// The day this record is about: series, occurrence, date.
    ///
    /// ```swift
    /// record.key.seriesID   // "sync"
    /// ```
    public var key: DayKey
    /// Done, partly done, or skipped.
    ///
    /// ```swift
    /// record.mark == .done
    /// ```
    public var mark: Mark
    /// Free text the person wrote, if any.
    ///
    /// ```swift
    /// record.note   // "left early"
    /// ```
    public var note: String?
    /// When the record was made; the latest one for a key wins.
    ///
    /// ```swift
    /// record.recordedAt   // 2023-11-27T11:05:00Z
    /// ```
    public var recordedAt: Timestamp

    /// A record from its parts.
    ///
    /// ```swift
    /// DayRecord(key: key, mark: .done, recordedAt: now)
    /// ```
    public init(key: DayKey, mark: Mark, note: String? = nil, recordedAt: Timestamp) {
        self.key = key
        self.mark = mark
        self.note = note
        self.recordedAt = recordedAt
    }

    /// A day's mark.
    ///
    /// ```swift
    /// let m: DayRecord.Mark = .partial(fraction: 0.25)
    /// m.credit   // 0.25
    /// ```
    public enum Mark: Sendable, Hashable {
        /// The day's part was done.
        case done
        /// Partly done: `fraction` in 0...1, or nil when the person did not say how much.
        case partial(fraction: Double?)
        /// Deliberately not done.
        case skipped

        /// The share of the day counted as done: 1 for done, the fraction for
        /// partial (0.5 when it is unknown), 0 for skipped.
        ///
        /// ```swift
        /// DayRecord.Mark.partial(fraction: nil).credit   // 0.5
        /// ```
        public var credit: Double {
            switch self {
            case .done: 1
            case .partial(let f): f ?? 0.5
            case .skipped: 0
            }
        }

        /// The mark's name in JSON and on the command line: `done`, `partial` or `skipped`.
        ///
        /// ```swift
        /// DayRecord.Mark.skipped.name   // "skipped"
        /// ```
        public var name: String {
            switch self {
            case .done: "done"
            case .partial: "partial"
            case .skipped: "skipped"
            }
        }

        /// Reads `done`, `skipped`, `partial` or `partial=0.5` (the command line's form).
        ///
        /// ```swift
        /// try DayRecord.Mark(parsing: "partial=0.25")   // .partial(fraction: 0.25)
        /// ```
        ///
        /// - Throws: `AlmanacError/Kind/invalidValue` for any other text or a fraction outside 0...1.
        public init(parsing text: some StringProtocol) throws(AlmanacError) {
            let s = String(text)
            switch s {
            case "done": self = .done
            case "skipped": self = .skipped
            case "partial": self = .partial(fraction: nil)
            default:
                guard s.hasPrefix("partial="), let f = Double(s.dropFirst(8)) else {
                    throw AlmanacError(.invalidValue, "\"\(s)\" is not a mark: expected done, partial, partial=0.5 or skipped")
                }
                self = try .partial(fraction: Self.checked(f))
            }
        }

        /// `f` when it lies in 0...1.
        static func checked(_ f: Double) throws(AlmanacError) -> Double {
            guard f >= 0 && f <= 1 else {
                throw AlmanacError(.invalidValue, "fraction \(f) is outside 0...1: a partial day is done by a share from 0 to 1")
            }
            return f
        }
    }
}

extension DayRecord: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case key, mark, fraction, note, recorded
    }

    /// Reads the JSON form (see the type); unknown members, an unknown mark,
    /// a fraction outside 0...1 or with another mark, and a `recorded` that
    /// is not `YYYY-MM-DDTHH:MM:SSZ` are errors.
    ///
    /// ```swift
    /// try JSONValueDecoder().decode(DayRecord.self, from: Array(line.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(CodingKeys.self, "a record has key, mark, fraction, note and recorded")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(DayKey.self, forKey: .key)
        let name = try c.decode(String.self, forKey: .mark)
        let fraction = try c.decodeIfPresent(Double.self, forKey: .fraction)
        switch name {
        case "done": mark = .done
        case "skipped": mark = .skipped
        case "partial":
            do throws(AlmanacError) { mark = .partial(fraction: try fraction.map(Mark.checked)) } catch {
                throw DecodingError.dataCorruptedError(forKey: .fraction, in: c, debugDescription: error.message)
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: .mark, in: c, debugDescription:
                "\"\(name)\" is not a mark: expected done, partial or skipped")
        }
        if fraction != nil, name != "partial" {
            throw DecodingError.dataCorruptedError(forKey: .fraction, in: c, debugDescription: "a fraction goes only with the mark partial")
        }
        note = try c.decodeIfPresent(String.self, forKey: .note)
        let text = try c.decode(String.self, forKey: .recorded)
        guard let t = Self.timestamp(text) else {
            throw DecodingError.dataCorruptedError(forKey: .recorded, in: c, debugDescription:
                "\"\(text)\" is not a UTC instant such as 2023-11-28T09:00:00Z")
        }
        recordedAt = t
    }

    /// Writes the JSON form, members in the order of the type's description.
    ///
    /// ```swift
    /// try JSONValueEncoder().text(record)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(mark.name, forKey: .mark)
        if case .partial(let f?) = mark { try c.encode(f, forKey: .fraction) }
        try c.encodeIfPresent(note, forKey: .note)
        try c.encode(recordedAt.description, forKey: .recorded)
    }

    /// The record as one line of a records file, with its line break.
    ///
    /// ```swift
    /// try record.jsonLine()   // {"key":"...","mark":"done","recorded":"2023-11-28T09:00:00Z"}\n
    /// ```
    ///
    /// - Throws: `AlmanacError` when the record cannot be written (a
    ///   `recordedAt` outside years 1...9999).
    public func jsonLine() throws(AlmanacError) -> [UInt8] {
        guard recordedAt.utc != nil else {
            throw AlmanacError(.invalidValue, "recorded at \(recordedAt.secondsSinceEpoch) s lies outside years 1...9999")
        }
        var w = JSONWriter(capacity: 128)
        do { try JSONValueEncoder().encode(self, to: &w) } catch {
            throw AlmanacError(.invalidValue, "cannot write the record: \(error)")
        }
        w.endLine()
        return w.bytes
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 in UTC, no fraction), or nil.
    ///
    /// ```swift
    /// DayRecord.timestamp("2023-11-28T09:00:00Z")   // 1701162000
    /// ```
    public static func timestamp(_ text: some StringProtocol) -> Timestamp? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74, b[13] == 0x3A, b[16] == 0x3A,
              b[19] == 0x5A || b[19] == 0x7A else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var n = 0
            for i in r {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
              let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19),
              let date = try? CivilDate(y, mo, d), let time = try? CivilTime(h, mi, s) else { return nil }
        return Timestamp(utc: CivilDateTime(date, time))
    }
}

import Almanac
import AlmanacReview

/// The column values of a record, shared by the backends: the mark as its
/// name and fraction, times as seconds, the day as a day number.
package struct RecordColumns: Sendable, Hashable {
    package var calendarID: String
    package var key: String
    package var seriesID: String
    package var day: Int64
    package var mark: String
    package var fraction: Double?
    package var note: String?
    package var recordedAt: Int64
    package var orphanedAt: Int64?
    /// The text of the record's occurrence key (an index row's `key`); empty when read back.
    package var occurrenceKey = ""

    package init(_ r: StoredRecord) {
        occurrenceKey = r.record.key.occurrence.description
        calendarID = r.calendarID
        key = r.record.key.description
        seriesID = r.record.key.seriesID
        day = Int64(r.record.key.date.daysSinceEpoch)
        mark = r.record.mark.name
        if case .partial(let f) = r.record.mark { fraction = f } else { fraction = nil }
        note = r.record.note
        recordedAt = r.record.recordedAt.secondsSinceEpoch
        orphanedAt = r.orphanedAt?.secondsSinceEpoch
    }

    package init(calendarID: String, key: String, seriesID: String, day: Int64, mark: String, fraction: Double?, note: String?,
                 recordedAt: Int64, orphanedAt: Int64?) {
        (self.calendarID, self.key, self.seriesID, self.day) = (calendarID, key, seriesID, day)
        (self.mark, self.fraction, self.note, self.recordedAt, self.orphanedAt) = (mark, fraction, note, recordedAt, orphanedAt)
    }

    /// The record these columns hold; a row that does not read is a typed error naming it.
    package func record() throws(StoreError) -> StoredRecord {
        do throws(AlmanacError) {
            let k = try DayKey(parsing: key)
            let m: DayRecord.Mark = switch mark {
            case "done": .done
            case "skipped": .skipped
            default: try DayRecord.Mark(parsing: fraction.map { "partial=\($0)" } ?? mark)
            }
            return StoredRecord(calendarID: calendarID,
                                record: DayRecord(key: k, mark: m, note: note, recordedAt: Timestamp(secondsSinceEpoch: recordedAt)),
                                orphanedAt: orphanedAt.map(Timestamp.init(secondsSinceEpoch:)))
        } catch {
            throw StoreError(.invalidValue, "record \(key) of calendar \(calendarID) does not read: \(error.message)")
        }
    }
}

extension CalendarSource {
    /// The source named `text`, as a typed error when unknown.
    package init(stored text: String) throws(StoreError) {
        guard let s = CalendarSource(rawValue: text) else {
            throw StoreError(.invalidValue, "unknown calendar source \"\(text)\" in the store: expected ics, google or graph")
        }
        self = s
    }
}

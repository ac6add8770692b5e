import Almanac

extension CalendarWriter {
    /// A VALARM (RFC 5545 section 3.6.6, RFC 9074), as the reader reads it
    /// back: TRIGGER (RELATED=END, or VALUE=DATE-TIME in UTC), ACTION, the
    /// texts, REPEAT with DURATION, UID, ACKNOWLEDGED, the snooze relation
    /// and PROXIMITY. A DISPLAY or EMAIL alarm without a DESCRIPTION, which
    /// the RFC requires of them, gets "Reminder" (as Google and Outlook
    /// exports write theirs).
    mutating func alarm(_ a: Alarm) {
        line("BEGIN:VALARM")
        if let u = a.uid { line("UID:" + Self.escape(u)) }
        line("ACTION:" + a.action.rawValue)
        switch a.trigger {
        case .start(let d): line("TRIGGER:" + d.description)
        case .end(let d): line("TRIGGER;RELATED=END:" + d.description)
        case .absolute(let t): line("TRIGGER;VALUE=DATE-TIME:" + Self.utc(t))
        }
        let needsText = a.action == .display || a.action == .email
        if let d = a.description ?? (needsText ? "Reminder" : nil) { line("DESCRIPTION:" + Self.escape(d)) }
        if let s = a.summary { line("SUMMARY:" + Self.escape(s)) }
        if a.repeatCount > 0, let d = a.repeatInterval {
            line("REPEAT:\(a.repeatCount)")
            line("DURATION:" + d.description)
        }
        if let t = a.acknowledged { line("ACKNOWLEDGED:" + Self.utc(t)) }
        if let s = a.snoozes { line("RELATED-TO;RELTYPE=SNOOZE:" + Self.escape(s)) }
        if let p = a.proximity { line("PROXIMITY:" + p) }
        line("END:VALARM")
    }

    /// An explicit busy type as Outlook's X-MICROSOFT-CDO-BUSYSTATUS
    /// (FREE, TENTATIVE, BUSY, OOF), which the reader reads back; an
    /// x-name type has no such value and is not written.
    mutating func busyStatus(_ t: FreeBusyType?) {
        guard let t, let status = EventReader.outlookBusyStatuses.first(where: { $0.type == t }) else { return }
        line("X-MICROSOFT-CDO-BUSYSTATUS:" + status.value)
    }
}

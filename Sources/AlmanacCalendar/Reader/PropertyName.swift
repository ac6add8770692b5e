import Almanac

/// The property names the reader uses, told apart by their bytes once,
/// so that the readers switch on a code instead of comparing strings.
enum Property: UInt8, Sendable {
    case other, begin, end, uid, dtstart, dtend, due, duration, rrule, exrule, rdate, exdate, recurrenceID
    case summary, status, sequence, lastModified, tzid, tzoffsetfrom, tzoffsetto, xWRTimezone
    // Free/busy and alarms: TRANSP of events; VALARM's (RFC 5545 section
    // 3.6.6, RFC 9074); VFREEBUSY's (section 3.6.4); VAVAILABILITY's (RFC 7953).
    case transp, trigger, action, repeatCount, acknowledged, relatedTo, proximity, description
    case freebusy, busytype, priority
    /// Outlook's Show As (FREE, TENTATIVE, BUSY, OOF, WORKINGELSEWHERE), the
    /// one name longer than 16 bytes the reader uses.
    case busyStatus

    /// Whether the reader keeps this property only inside a subcomponent
    /// of an event (VALARM) or a VFREEBUSY or VAVAILABILITY: DESCRIPTION
    /// and PRIORITY of events, which it does not read, are most of a real
    /// file's bytes and stay unread there.
    var keptOnlyOutsideEvents: Bool { self == .description || self == .priority }

    /// The name as RFC 5545 writes it (upper case); `""` for ``other``.
    var name: String {
        switch self {
        case .other: ""
        case .begin: "BEGIN"
        case .end: "END"
        case .uid: "UID"
        case .dtstart: "DTSTART"
        case .dtend: "DTEND"
        case .due: "DUE"
        case .duration: "DURATION"
        case .rrule: "RRULE"
        case .exrule: "EXRULE"
        case .rdate: "RDATE"
        case .exdate: "EXDATE"
        case .recurrenceID: "RECURRENCE-ID"
        case .summary: "SUMMARY"
        case .status: "STATUS"
        case .sequence: "SEQUENCE"
        case .lastModified: "LAST-MODIFIED"
        case .tzid: "TZID"
        case .tzoffsetfrom: "TZOFFSETFROM"
        case .tzoffsetto: "TZOFFSETTO"
        case .xWRTimezone: "X-WR-TIMEZONE"
        case .transp: "TRANSP"
        case .trigger: "TRIGGER"
        case .action: "ACTION"
        case .repeatCount: "REPEAT"
        case .acknowledged: "ACKNOWLEDGED"
        case .relatedTo: "RELATED-TO"
        case .proximity: "PROXIMITY"
        case .description: "DESCRIPTION"
        case .freebusy: "FREEBUSY"
        case .busytype: "BUSYTYPE"
        case .priority: "PRIORITY"
        case .busyStatus: "X-MICROSOFT-CDO-BUSYSTATUS"
        }
    }

    /// The property named by `b[0..<n]`, name bytes (letters, digits, `-`) in any case.
    ///
    /// The name is read as two little-endian words with bit 5 of each byte
    /// cleared, which folds lower-case letters onto upper-case ones and maps
    /// no other name byte onto a letter (`-` becomes 0x0D, digits 0x10-0x19);
    /// each case below is a name so packed (`PropertyNameTests` checks them
    /// against ``name``).
    static func of(_ b: UnsafeBufferPointer<UInt8>, count n: Int) -> Property {
        if n == 26 { return Self.isBusyStatus(b) ? .busyStatus : .other }
        guard n >= 3, n <= 13 else { return .other }
        let (lo, hi) = packedName(b, n)
        switch n {
        case 3:
            switch lo {
            case 0x44_4E45: return .end
            case 0x44_4955: return .uid
            case 0x45_5544: return .due
            default: return .other
            }
        case 4: return lo == 0x4449_5A54 ? .tzid : .other
        case 5:
            switch lo {
            case 0x4E_4947_4542: return .begin
            case 0x44_4E45_5444: return .dtend
            case 0x45_4C55_5252: return .rrule
            case 0x45_5441_4452: return .rdate
            default: return .other
            }
        case 6:
            switch lo {
            case 0x454C_5552_5845: return .exrule
            case 0x4554_4144_5845: return .exdate
            case 0x5355_5441_5453: return .status
            case 0x5053_4E41_5254: return .transp
            case 0x4E4F_4954_4341: return .action
            case 0x5441_4550_4552: return .repeatCount
            default: return .other
            }
        case 7:
            switch lo {
            case 0x54_5241_5453_5444: return .dtstart
            case 0x59_5241_4D4D_5553: return .summary
            case 0x52_4547_4749_5254: return .trigger
            default: return .other
            }
        case 8:
            switch lo {
            case 0x4E4F_4954_4152_5544: return .duration
            case 0x4543_4E45_5551_4553: return .sequence
            case 0x5953_5542_4545_5246: return .freebusy
            case 0x4550_5954_5953_5542: return .busytype
            case 0x5954_4952_4F49_5250: return .priority
            default: return .other
            }
        case 9: return (lo, hi) == (0x5449_4D49_584F_5250, 0x59) ? .proximity : .other
        case 10:
            switch (lo, hi) {
            case (0x5445_5346_464F_5A54, 0x4F54): return .tzoffsetto
            case (0x0D44_4554_414C_4552, 0x4F54): return .relatedTo
            default: return .other
            }
        case 11: return (lo, hi) == (0x5450_4952_4353_4544, 0x4E_4F49) ? .description : .other
        case 12:
            switch (lo, hi) {
            case (0x5445_5346_464F_5A54, 0x4D4F_5246): return .tzoffsetfrom
            case (0x454C_574F_4E4B_4341, 0x4445_4744): return .acknowledged
            default: return .other
            }
        case 13:
            switch (lo, hi) {
            case (0x4E45_5252_5543_4552, 0x44_490D_4543): return .recurrenceID
            case (0x444F_4D0D_5453_414C, 0x44_4549_4649): return .lastModified
            case (0x4D49_540D_5257_0D58, 0x45_4E4F_5A45): return .xWRTimezone
            default: return .other
            }
        default: return .other
        }
    }
}

extension Property {
    /// `X-MICROSOFT-CDO-BUSYSTATUS` in any case: `b` holds at least its 26 bytes.
    static func isBusyStatus(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<26 where b[k] & 0xDF != busyStatusName[k] & 0xDF { return false }
        return true
    }

    /// The bytes of `X-MICROSOFT-CDO-BUSYSTATUS`, made once.
    private static let busyStatusName = Array(Property.busyStatus.name.utf8)
}

/// The parameters the reader uses (RFC 5545 section 3.2); the others are
/// checked but not kept.
enum ParameterName: UInt8, Sendable {
    case tzid, value, range
    /// TRIGGER's RELATED, RELATED-TO's RELTYPE, FREEBUSY's FBTYPE.
    case related, reltype, fbtype

    /// The parameter named by `b[start..<start + n]`, in any case.
    static func of(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, count n: Int) -> ParameterName? {
        guard n >= 4 && n <= 7 else { return nil }
        let (lo, _) = packedName(UnsafeBufferPointer(rebasing: b[start...]), n)
        return switch (n, lo) {
        case (4, 0x4449_5A54): .tzid
        case (5, 0x45_554C_4156): .value
        case (5, 0x45_474E_4152): .range
        case (6, 0x4550_5954_4246): .fbtype
        case (7, 0x44_4554_414C_4552): .related
        case (7, 0x45_5059_544C_4552): .reltype
        default: nil
        }
    }
}

/// `b[0..<n]` (n at most 16) as two little-endian words, bit 5 of each byte cleared.
@inline(__always)
func packedName(_ b: UnsafeBufferPointer<UInt8>, _ n: Int) -> (UInt64, UInt64) {
    if b.count >= 16, let base = b.baseAddress {
        // Two loads, then the bytes past the name masked off.
        let raw = UnsafeRawPointer(base)
        let lo = raw.loadUnaligned(as: UInt64.self).littleEndian, hi = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
        let loMask: UInt64 = n >= 8 ? ~0 : (1 << (8 * UInt64(n))) - 1
        let hiMask: UInt64 = n >= 16 ? ~0 : n <= 8 ? 0 : (1 << (8 * UInt64(n - 8))) - 1
        return (lo & loMask & 0xDFDF_DFDF_DFDF_DFDF, hi & hiMask & 0xDFDF_DFDF_DFDF_DFDF)
    }
    var lo: UInt64 = 0, hi: UInt64 = 0
    for k in 0..<min(n, 8) { lo |= UInt64(b[k] & 0xDF) << (8 * UInt64(k)) }
    var k = 8
    while k < n {
        hi |= UInt64(b[k] & 0xDF) << (8 * UInt64(k - 8))
        k += 1
    }
    return (lo, hi)
}

import Almanac

/// A VALARM of an event or to-do (RFC 5545 section 3.6.6), with the
/// properties RFC 9074 adds: when it fires (``trigger``), how often it
/// repeats, what it does (``action``), and whether it was acknowledged or
/// snoozed.
///
/// An alarm belongs to a component: the series' alarms fire for each of its
/// instances, an override's replace the series' for the instance it names
/// (an override is a whole component, RFC 5545 section 3.8.4.4).
///
/// ```swift
/// let alarm = Alarm(trigger: .start(EventDuration(seconds: -900)), action: .display, description: "Stand-up")
/// alarm.trigger   // 15 minutes before each instance starts
/// ```
public struct Alarm: Sendable, Hashable {
    /// When an alarm fires (TRIGGER, RFC 5545 section 3.8.6.3).
    public enum Trigger: Sendable, Hashable {
        /// A duration from the instance's start (`TRIGGER:-PT15M`, `RELATED=START`, the default).
        case start(EventDuration)
        /// A duration from the instance's end (`TRIGGER;RELATED=END:PT0S`): for a
        /// VTODO, its DUE (RFC 5545 section 3.8.6.3).
        case end(EventDuration)
        /// An instant (`TRIGGER;VALUE=DATE-TIME:20240506T070000Z`): it fires once,
        /// whatever the recurrence.
        case absolute(Timestamp)
    }

    /// ACTION (RFC 5545 section 3.8.6.1): DISPLAY, AUDIO, EMAIL, RFC 9074's
    /// NONE (never fires), or another name, upper-cased as written.
    public struct Action: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The value as written, upper-cased.
        public var rawValue: String
        /// An action from its text (upper-cased).
        public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

        /// Shows ``Alarm/description`` to the user.
        public static let display = Action(rawValue: "DISPLAY")
        /// Plays a sound.
        public static let audio = Action(rawValue: "AUDIO")
        /// Sends an e-mail with ``Alarm/summary`` as subject and ``Alarm/description`` as body.
        public static let email = Action(rawValue: "EMAIL")
        /// RFC 9074 section 7: an alarm that does nothing (a client's way to
        /// say "no default alarm"); it never fires.
        public static let none = Action(rawValue: "NONE")

        /// The value.
        public var description: String { rawValue }
    }

    /// TRIGGER.
    public var trigger: Trigger
    /// ACTION.
    public var action: Action
    /// DESCRIPTION: the text a DISPLAY alarm shows, the body of an EMAIL.
    public var description: String?
    /// SUMMARY: the subject of an EMAIL alarm.
    public var summary: String?
    /// REPEAT: how many more times it fires after its trigger (0: once).
    public var repeatCount: Int
    /// DURATION: the time between repeats (given with REPEAT).
    public var repeatInterval: EventDuration?
    /// UID (RFC 9074 section 4): the alarm's identity, which a snooze refers to.
    public var uid: String?
    /// ACKNOWLEDGED (RFC 9074 section 6): when it was last sent or
    /// acknowledged; its triggers up to that instant do not fire again.
    public var acknowledged: Timestamp?
    /// `RELATED-TO;RELTYPE=SNOOZE` (RFC 9074 section 5): the UID of the alarm
    /// this one snoozes; a snooze alarm fires at its own (absolute) trigger.
    public var snoozes: String?
    /// PROXIMITY (RFC 9074 section 8.1: ARRIVE, DEPART, CONNECT,
    /// DISCONNECT): a location alarm, which fires on a place, not at a time.
    /// Time queries leave it out.
    public var proximity: String?
    /// Physical line of its BEGIN:VALARM in the file (0 when not from a file).
    public var line: Int

    /// An alarm from its parts.
    ///
    /// ```swift
    /// let twice = Alarm(trigger: .start(EventDuration(seconds: -600)), action: .audio,
    ///                   repeatCount: 1, repeatInterval: EventDuration(seconds: 300))
    /// ```
    public init(trigger: Trigger, action: Action = .display, description: String? = nil, summary: String? = nil,
                repeatCount: Int = 0, repeatInterval: EventDuration? = nil, uid: String? = nil,
                acknowledged: Timestamp? = nil, snoozes: String? = nil, proximity: String? = nil, line: Int = 0) {
        self.trigger = trigger
        self.action = action
        self.description = description
        self.summary = summary
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.uid = uid
        self.acknowledged = acknowledged
        self.snoozes = snoozes
        self.proximity = proximity
        self.line = line
    }

    /// Whether it fires at a time at all: not ACTION:NONE and not a
    /// location alarm (PROXIMITY).
    ///
    /// ```swift
    /// Alarm(trigger: .start(.zero), action: .none).firesAtATime   // false
    /// ```
    public var firesAtATime: Bool { action != .none && proximity == nil }
}

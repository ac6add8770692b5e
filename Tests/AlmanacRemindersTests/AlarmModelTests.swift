import Almanac
import AlmanacCalendar
import Testing

/// What fires at a time and what does not (RFC 9074 sections 7 and 8).
struct AlarmModelTests {
    @Test func noneAndProximityAlarmsDoNotFireAtATime() {
        #expect(Alarm(trigger: .start(.zero)).firesAtATime)
        #expect(!Alarm(trigger: .start(.zero), action: Alarm.Action(rawValue: "none")).firesAtATime)
        #expect(!Alarm(trigger: .start(.zero), proximity: "DEPART").firesAtATime)
    }
}

#!/usr/bin/env python3
"""Writes Corpus/hostile.jsonl: hostile and limit inputs through the batch protocol.

Every expectation is computed here from the rule's meaning with Python's datetime (or is
an error kind, or DTSTART alone for a rule that can never match), not taken from Almanac;
the corpus tests then check Almanac against it. Run from the repository root:

    python3 Tools/corpus/make_hostile.py
"""
import datetime as dt
import json

FREQS = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
INT_MAX = 2**63 - 1
START = dt.datetime(1997, 9, 2, 9, 0, 0)
cases = []


def utc(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + "Z"


def add(id, rrule, expect, note, dtstart="19970902T090000Z", **extra):
    c = {"id": "hostile-" + id, "dtstart": dtstart, "rrule": rrule}
    c.update(extra)
    c["expect"] = expect
    c["note"] = note
    c["source"] = "Tools/corpus/make_hostile.py (issue 3, limits and hostile input)"
    cases.append(c)


def steps(start, delta, n):
    return [utc(start + i * delta) for i in range(n)]


# INTERVAL and COUNT up to 2^63-1.
for f in FREQS:
    add(f"interval-int64-max-{f.lower()}", f"FREQ={f};INTERVAL={INT_MAX}", [utc(START)],
        "INTERVAL=2^63-1 is valid (RFC 5545 3.3.10: a positive integer); the second period lies past "
        "year 9999, so DTSTART is the only instance. No overflow trap.")
deltas = {"SECONDLY": dt.timedelta(seconds=1), "MINUTELY": dt.timedelta(minutes=1), "HOURLY": dt.timedelta(hours=1),
          "DAILY": dt.timedelta(days=1), "WEEKLY": dt.timedelta(weeks=1)}
for f, d in deltas.items():
    add(f"count-int64-max-{f.lower()}", f"FREQ={f};COUNT={INT_MAX}", {"occurrences": steps(START, d, 5), "truncated": True},
        "COUNT=2^63-1 expands lazily: the first five instances, one period apart, and more remain.", limit=5)
add("count-past-int64", "FREQ=DAILY;COUNT=9223372036854775808", {"error": "out_of_range"},
    "COUNT=2^63 does not fit a 64-bit integer: a typed out_of_range error, not a trap or a wrap-around.")
add("interval-past-int64", "FREQ=DAILY;INTERVAL=99999999999999999999999", {"error": "out_of_range"},
    "An INTERVAL of 23 digits does not fit a 64-bit integer: out_of_range.")

# Lists with every value, repeated values, thousands of values.
every_monthday = ",".join(str(d) for d in list(range(1, 32)) + list(range(-31, 0)))
days = [START + dt.timedelta(days=i) for i in range(40)]
add("bymonthday-every-value-repeated", "FREQ=MONTHLY;BYMONTHDAY=" + ",".join([every_monthday] * 50),
    {"occurrences": [utc(t) for t in days], "truncated": True},
    "BYMONTHDAY with all 62 values, each 50 times (3,100 values): a list is a set, so every day of every month, "
    "from DTSTART on.", limit=40)
add("byday-three-thousand-mondays", "FREQ=WEEKLY;BYDAY=" + ",".join(["MO"] * 3000) + ";COUNT=4",
    steps(START, dt.timedelta(days=0), 1) + [utc(dt.datetime(1997, 9, 8, 9) + dt.timedelta(weeks=i)) for i in range(3)],
    "BYDAY=MO 3,000 times is BYDAY=MO. DTSTART (a Tuesday) is the first instance and counts (RFC 5545 3.8.5.3), "
    "then Mondays 8, 15 and 22 September.")
hours = ",".join(str(h) for h in range(24))
minutes = ",".join(str(m) for m in range(60))
seconds = ",".join(str(s) for s in range(60))
add("every-second-by-expansion", f"FREQ=DAILY;BYHOUR={hours};BYMINUTE={minutes};BYSECOND={seconds}",
    {"occurrences": steps(START, dt.timedelta(seconds=1), 6), "truncated": True},
    "Every hour, minute and second of the day by expansion: 86,400 times a day, one second apart from DTSTART.", limit=6)
add("bysetpos-all-positions", "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1,2,3;BYSETPOS=" + ",".join(str(p) for p in list(range(1, 367)) + list(range(-366, 0))),
    {"occurrences": [utc(START)] + [utc(dt.datetime(y, 1, d, 9)) for y in (1998, 1999) for d in (1, 2, 3)], "truncated": True},
    "All 732 BYSETPOS positions over three candidates a year select all three: 1, 2 and 3 January.", limit=7)

# Long rule text.
add("ten-thousand-character-x-part", "FREQ=DAILY;COUNT=3;X-PAD=" + "a" * 10_000, steps(START, dt.timedelta(days=1), 3),
    "A 10,000-character X- part is kept and ignored (RFC 5545 3.3.10: x-name parts); the rule is DAILY;COUNT=3.")
add("ten-thousand-semicolons", ";" * 10_000, {"error": "invalid_rule"},
    "10,000 semicolons are not a rule: invalid_rule (FREQ is required).")
add("ten-thousand-character-junk", "FREQ=DAILY;BYDAY=" + "MO" * 5000, {"error": "invalid_rule"},
    "BYDAY=MOMOMO... (10,000 characters) is not a weekday list: invalid_rule, with the column of the fault.")

# Rules that never match: DTSTART alone, at every frequency.
for f in FREQS:
    add(f"never-february-30-{f.lower()}", f"FREQ={f};BYMONTH=2;BYMONTHDAY=30", [utc(START)],
        "30 February never comes: the rule produces nothing, so DTSTART is the only instance; it must end promptly.")
    add(f"never-april-31-{f.lower()}", f"FREQ={f};BYMONTH=4,6,9,11;BYMONTHDAY=31", [utc(START)],
        "No 31st in April, June, September or November: DTSTART alone.")
    add(f"never-bysecond-60-{f.lower()}", f"FREQ={f};BYSECOND=60", [utc(START)],
        "BYSECOND=60 is in the grammar (leap second) but Almanac has no leap seconds: it never matches (README, "
        "RFC choices), so DTSTART alone.")
add("never-interval-parity", "FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1", [utc(START)],
    "From minute 0 in steps of two minutes every minute is even: BYMINUTE=1 is never reached.")
add("never-setpos-out-of-reach", "FREQ=SECONDLY;BYMINUTE=0;BYSETPOS=2", [utc(START)],
    "A SECONDLY period holds one second, so position 2 never exists.")
add("never-rarely-few-steps", "FREQ=MINUTELY;INTERVAL=1439;BYMONTH=2;BYMONTHDAY=30", [utc(START)],
    "Few steps a day and day limits that never pass: DTSTART alone, ended by the day-limit seek.")

# Years 1 and 9999.
add("year-1-daily", "FREQ=DAILY;COUNT=3", ["0001-01-01T00:00:00Z", "0001-01-02T00:00:00Z", "0001-01-03T00:00:00Z"],
    "The first day of the calendar (proleptic Gregorian, year 1).", dtstart="00010101T000000Z")
add("year-9999-daily-end", "FREQ=DAILY", ["9999-12-30T00:00:00Z", "9999-12-31T00:00:00Z"],
    "Nothing after 9999-12-31: two instances, not truncated.", dtstart="99991230T000000Z")
add("year-9999-hourly-end", "FREQ=HOURLY;INTERVAL=6", ["9999-12-31T00:00:00Z", "9999-12-31T06:00:00Z", "9999-12-31T12:00:00Z", "9999-12-31T18:00:00Z"],
    "Every six hours to the last hour of 9999.", dtstart="99991231T000000Z")
add("year-9999-weekly-no-spill", "FREQ=WEEKLY;BYDAY=MO,SU", ["9999-12-26", "9999-12-27"],
    "Sunday 26 and Monday 27 December 9999 (DTSTART is Sunday 26). The week of Monday 27 ends on Sunday "
    "10000-01-02, past the calendar: not an instance.", dtstart="99991226")
add("window-at-the-end", "FREQ=DAILY", ["9999-12-29T09:00:00Z", "9999-12-30T09:00:00Z", "9999-12-31T09:00:00Z"],
    "A window in the last days of 9999 seeks there (no COUNT): 8,000 years of days are not walked.", after="99991229T000000Z")

# SECONDLY over a century with a limit.
add("secondly-century-limit", "FREQ=SECONDLY", {"occurrences": steps(dt.datetime(2000, 1, 1), dt.timedelta(seconds=1), 5), "truncated": True},
    "A SECONDLY rule over a hundred-year window: the reply holds `limit` occurrences and says truncated.",
    dtstart="20000101T000000Z", after="20000101T000000Z", before="21000101T000000Z", limit=5)
add("secondly-century-last-seconds", "FREQ=SECONDLY", ["2099-12-31T23:59:57Z", "2099-12-31T23:59:58Z", "2099-12-31T23:59:59Z"],
    "The last three seconds of the century: the window's start is sought, not walked.",
    dtstart="20000101T000000Z", after="20991231T235957Z", before="21000101T000000Z")
add("count-far-window-minutely-setpos", "FREQ=MINUTELY;BYSECOND=0,30;BYSETPOS=-1;COUNT=" + str(INT_MAX),
    {"occurrences": ["9999-01-01T00:00:30Z", "9999-01-01T00:01:30Z"], "truncated": True},
    "Every minute's last of :00 and :30 from 1970: about 4.2e9 instances before the window count toward COUNT, "
    "fewer than 2^63-1; counted by days, not walked.", dtstart="19700101T000000Z", after="99990101T000000Z", limit=2)

# An RRULE that is also an EXRULE (and repeated RRULEs), with no window and limit 1: the rule's
# instances are all excluded, so a walk would visit every candidate up to 9999 before answering.
add("exrule-same-as-rrule-secondly", "FREQ=SECONDLY", [],
    "The EXRULE excludes every instance of the same RRULE, DTSTART too (it matches the rule): the set is "
    "empty. Answered at once, not by walking 2.5e11 seconds to 9999 (fuzz-ics, 2026-11-27).",
    dtstart="20240101T000000Z", exrule="FREQ=SECONDLY", limit=1)
add("exrule-same-as-rrule-keeps-dtstart", ["FREQ=HOURLY;BYMINUTE=30"] * 3, ["2024-01-01T00:00:00Z"],
    "DTSTART (00:00) does not match the rule (minute 30), so the EXRULE, expanded from DTSTART like any "
    "rule but without counting DTSTART as its instance, does not remove it: DTSTART is the only instance. "
    "The RRULE is written three times; one copy is expanded.",
    dtstart="20240101T000000Z", exrule="FREQ=HOURLY;BYMINUTE=30", limit=2)
add("exrule-same-as-rrule-with-count", ["FREQ=DAILY;COUNT=3", "FREQ=WEEKLY;COUNT=2"], ["2024-01-05T09:00:00Z", "2024-01-08T09:00:00Z"],
    "The EXRULE FREQ=DAILY;COUNT=3 removes 1-3 January, whatever produces them: the DAILY RRULE that is "
    "the same rule adds nothing, the WEEKLY one keeps 8 January, and the RDATE 5 January stays.",
    dtstart="20240101T090000Z", exrule="FREQ=DAILY;COUNT=3", rdate=["20240105T090000Z"])

# Zones.
add("windows-zone-id", "FREQ=DAILY;COUNT=2", ["2024-03-09T09:00:00-05:00", "2024-03-10T09:00:00-04:00"],
    "A Windows zone id as Outlook sends it reads as America/New_York (ICU's mapping): EST then EDT on 10 March 2024.",
    dtstart="20240309T090000", tzid="Eastern Standard Time")
add("unknown-zone", "FREQ=DAILY;COUNT=2", {"error": "unknown_zone"},
    "An unknown id is an error, never UTC.", dtstart="20240309T090000", tzid="Mars/Olympus_Mons")

with open("Corpus/hostile.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(cases), "cases written to Corpus/hostile.jsonl")

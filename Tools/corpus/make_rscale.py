#!/usr/bin/env python3
"""Writes Corpus/rscale.jsonl: libical's RSCALE test suite and RFC 7529's examples.

    python3 Tools/corpus/make_rscale.py [LIBICAL_OUT]

LIBICAL_OUT is libical 3.0.16's src/test/icalrecur_withicu_dangi_test.out (default
/tmp/libical-src/libical-3.0.16/src/test/icalrecur_withicu_dangi_test.out). For the 34 rules of
libical's `rscale[]` array (src/test/icalrecur_test.c), the expectation is libical's answer,
transcribed from that file, and this script stops if Tools/corpus/rscale_oracle.py (ICU's
calendar fields, Almanac's reading of RFC 7529) gives another; the other cases take the
oracle's answer (each was also compared with libical 3.0.16 by hand: see its note). A
disagreement would go to Corpus/divergences.jsonl with libical's answer as `peer`; there is none.
"""
from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import rscale_oracle as oracle  # noqa: E402

OUT = HERE.parents[1] / "Corpus" / "rscale.jsonl"
LIBICAL = "libical 3.0.16 src/test/icalrecur_test.c rscale[] (expected: icalrecur_withicu_dangi_test.out)"
RFC = "RFC 7529"
F = oracle.Calendar

# (id, dtstart, rule, extra request fields, note). `libical: True` in extra marks a case of libical's suite.
CASES = [
    ("rscale-libical-bad-rscale-russian", "20131025", "RSCALE=RUSSIAN;FREQ=YEARLY", {"libical": True},
     "RSCALE names a CLDR calendar; RUSSIAN is none, and RFC 7529 says an unknown RSCALE must not be read as "
     "Gregorian. Almanac's parser refuses it (invalid_rule, at the RSCALE value); libical answers UNIMPLEMENTED."),
    ("rscale-libical-ethiopic-last-day-of-year", "20140910", "RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=-1;COUNT=6",
     {"libical": True},
     "Ethiopic month 13 (Pagume) has 5 days, 6 before an Ethiopic leap year; its last day is the year's last "
     "day: 2014-09-10 is 5 Pagume 2006, 2015-09-11 is 6 Pagume 2007 (ICU)."),
    ("rscale-libical-chinese-new-year-until", "20130210", "RSCALE=CHINESE;FREQ=YEARLY;UNTIL=20180101", {"libical": True},
     "Chinese New Year (month 1, day 1, from DTSTART): 2013-02-10, 2014-01-31, 2015-02-19, 2016-02-08, "
     "2017-01-28; UNTIL (a DATE, inclusive) stops before 2018-02-16."),
    ("rscale-libical-chinese-monthly", "20140920", "RSCALE=CHINESE;FREQ=MONTHLY;COUNT=4", {"libical": True},
     "Day 27 of each Chinese month from 2014-09-20 (month 8, day 27 of year 4651): months 9, leap 9 (9L, "
     "2014-10-24 to 2014-11-21) and 10 follow; a MONTHLY rule steps through leap months too."),
    ("rscale-libical-islamic-civil-monthly", "20131025", "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;COUNT=4", {"libical": True},
     "Day 20 of each month of the tabular Islamic calendar from 2013-10-25 (20 Dhu al-Hijjah 1434)."),
    ("rscale-libical-islamic-civil-ramadan", "20130709", "RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;COUNT=5",
     {"libical": True},
     "1 Ramadan (month 9; the day from DTSTART, 2013-07-09 = 1 Ramadan 1434): about 11 days earlier each "
     "Gregorian year."),
    ("rscale-libical-dangi-buddha-birthday", "20131025", "RSCALE=DANGI;FREQ=YEARLY;BYMONTHDAY=8;BYMONTH=4;UNTIL=20160101",
     {"libical": True, "include_dtstart": False},
     "Korean Buddha's birthday, 8th day of Dangi month 4: 2014-05-06 and 2015-05-25. DTSTART (2013-10-25) is "
     "not an 8 of month 4: include_dtstart false, as libical reads it (Almanac's default would list it)."),
    ("rscale-libical-chinese-month9-no-leap", "20131025", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9;COUNT=3",
     {"libical": True, "include_dtstart": False},
     "10th day of Chinese month 9 (never the leap month 9L): 2014-10-03, 2015-10-22, 2016-10-10. DTSTART "
     "(month 9 day 21) is not produced: include_dtstart false."),
    ("rscale-libical-chinese-leap9-omit", "20131025", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9L;SKIP=OMIT;COUNT=2",
     {"libical": True, "include_dtstart": False},
     "10th day of the leap 9th month, only in years that have one (OMIT): 2014 (9L from 2014-10-24), then "
     "not until 2109. include_dtstart false: DTSTART is not in a leap month."),
    ("rscale-libical-chinese-leap4-omit-until-2100", "20131025",
     "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=4L;SKIP=OMIT;UNTIL=21000101",
     {"libical": True, "include_dtstart": False},
     "10th day of a leap 4th month, in the years 2013-2099 that have one: 2020, 2058, 2069, 2077, 2088, 2096 "
     "(ICU's Chinese calendar). include_dtstart false: DTSTART is not in 4L."),
    ("rscale-libical-chinese-leap9-forward", "20131025", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9L;SKIP=FORWARD;COUNT=3",
     {"libical": True, "include_dtstart": False},
     "SKIP=FORWARD: in a year without 9L the month after it, month 10, is used: 10/10 of 2013 is "
     "2013-11-12, 9L/10 of 2014 is 2014-11-02, 10/10 of 2015 is 2015-11-21. include_dtstart false."),
    ("rscale-libical-chinese-leap9-backward", "20131025", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9L;SKIP=BACKWARD;COUNT=3",
     {"libical": True, "include_dtstart": False},
     "SKIP=BACKWARD: in a year without 9L the month before it, month 9, is used: 9/10 of 2013 (2013-10-14) is "
     "before DTSTART, so 9L/10 of 2014 (2014-11-02), 9/10 of 2015 (2015-10-22), 9/10 of 2016 (2016-10-10). "
     "include_dtstart false."),
    ("rscale-libical-chinese-month9-and-leap9-backward", "20131025",
     "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=10;BYMONTH=9,9L;SKIP=BACKWARD;COUNT=4",
     {"libical": True, "include_dtstart": False},
     "BYMONTH=9,9L with BACKWARD: a year without 9L moves 9L/10 onto 9/10, which BYMONTH=9 already gives: "
     "the date appears once and counts once (RFC 7529). 2014 has both: 2014-10-03 and 2014-11-02; then "
     "2015-10-22 and 2016-10-10 once each. include_dtstart false."),
    ("rscale-libical-chinese-new-year-every-other-window", "20130210", "RSCALE=CHINESE;FREQ=YEARLY;UNTIL=20200101;INTERVAL=2",
     {"libical": True, "after": "20160101"},
     "Every other Chinese New Year from 2013 (2013, 2015, 2017, 2019), seen from 2016-01-01 on (libical's "
     "START-AT, here the window `after`): 2017-01-28, 2019-02-05."),
    ("rscale-libical-hebrew-adar1-yearly-omit", "20140205", "RSCALE=HEBREW;FREQ=YEARLY;COUNT=4", {"libical": True},
     "DTSTART 2014-02-05 is 5 Adar I (5L) 5774; yearly on 5 Adar I, only in leap years (OMIT, the default): "
     "5774, 5776 (2016-02-14), 5779 (2019-02-10), 5782 (2022-02-06)."),
    ("rscale-libical-hebrew-adar1-yearly-forward", "20140205", "RSCALE=HEBREW;FREQ=YEARLY;SKIP=FORWARD;COUNT=4",
     {"libical": True},
     "5 Adar I with SKIP=FORWARD: a common year has no Adar I, so the month after it, Adar (6), is used: "
     "5 Adar 5775 = 2015-02-24, 5 Adar I 5776 = 2016-02-14, 5 Adar 5777 = 2017-03-03."),
    ("rscale-libical-hebrew-8-adar1-forward", "20140208", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=5",
     {"libical": True},
     "RFC 7529's anniversary example: 8 Adar I in leap years (5774 = 2014-02-08, 5776 = 2016-02-17), 8 Adar "
     "in common years (2015-02-27, 2017-03-06, 2018-02-23)."),
    ("rscale-libical-hebrew-30-adar1-forward", "20140302", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=FORWARD;COUNT=5",
     {"libical": True},
     "30 Adar I (Adar I always has 30 days) with FORWARD: in a common year the month moves to Adar, which has "
     "29 days, so the 30th moves again, to 1 Nisan: 2015-03-21, 2017-03-28, 2018-03-17; leap 5776: 2016-03-10."),
    ("rscale-libical-hebrew-last-day-adar1-forward", "20140302", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=-1;SKIP=FORWARD;COUNT=5",
     {"libical": True},
     "Last day of Adar I; in a common year FORWARD takes Adar, whose last day is its 29th: 2015-03-20, "
     "2017-03-27, 2018-03-16 (one day before the BYMONTHDAY=30 case)."),
    ("rscale-libical-hebrew-30-adar1-backward", "20140302", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=BACKWARD;COUNT=5",
     {"libical": True},
     "30 Adar I with BACKWARD: in a common year the month before it, Shevat (30 days), is used: 30 Shevat = "
     "2015-02-19, 2017-02-26, 2018-02-15."),
    ("rscale-libical-hebrew-last-day-adar1-backward", "20140302", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=-1;SKIP=BACKWARD;COUNT=5",
     {"libical": True},
     "Last day of Adar I with BACKWARD: Shevat's last day (30) in common years, the same dates as "
     "BYMONTHDAY=30."),
    ("rscale-libical-gregorian-leap-day-omit", "20120229", "RSCALE=GREGORIAN;FREQ=YEARLY;COUNT=4", {"libical": True},
     "29 February yearly with OMIT (the default, RFC 5545's behaviour): leap years only."),
    ("rscale-libical-gregorian-monthly-31-backward", "20140131", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD;COUNT=4",
     {"libical": True},
     "Monthly on the 31st from DTSTART; BACKWARD puts it on the last day of a shorter month (28 Feb, 30 Apr)."),
    ("rscale-libical-gregorian-monthly-31-forward", "20140131", "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;COUNT=4",
     {"libical": True},
     "Monthly on the 31st; FORWARD puts it on the first day of the next month (1 March for February, 1 May "
     "for April)."),
    ("rscale-libical-gregorian-feb-28-29-forward", "20150201", "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;SKIP=FORWARD;COUNT=5",
     {"libical": True, "include_dtstart": False},
     "28 and 29 February; in a common year 29 February moves FORWARD to 1 March. DTSTART (1 February) is "
     "not produced: include_dtstart false."),
    ("rscale-libical-gregorian-quarterly-31-forward", "20140131", "RSCALE=GREGORIAN;FREQ=MONTHLY;INTERVAL=3;SKIP=FORWARD;COUNT=4",
     {"libical": True},
     "Every third month on the 31st (January, April, July, October): 31 April moves FORWARD to 1 May; the "
     "interval still counts from January (July, not August, comes next)."),
    ("rscale-libical-gregorian-bymonthday-31-forward", "20150131T000000Z", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;COUNT=12;SKIP=FORWARD",
     {"libical": True},
     "BYMONTHDAY=31 each month, FORWARD: a month without a 31st gives the next month's 1st."),
    ("rscale-libical-gregorian-bymonthday-minus-31-forward", "20150101T000000Z", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;COUNT=12;SKIP=FORWARD",
     {"libical": True},
     "BYMONTHDAY=-31 is the 1st of a 31-day month; in a shorter month it is a day before the month starts, "
     "which FORWARD moves to the month's 1st: every 1st."),
    ("rscale-libical-gregorian-bymonthday-31-backward", "20150131T000000Z", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;COUNT=12;SKIP=BACKWARD",
     {"libical": True},
     "BYMONTHDAY=31 each month, BACKWARD: a shorter month gives its last day."),
    ("rscale-libical-gregorian-bymonthday-minus-31-backward", "20150101T000000Z", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;COUNT=12;SKIP=BACKWARD",
     {"libical": True},
     "BYMONTHDAY=-31, BACKWARD: in a month shorter than 31 days the day before the month's start moves back to "
     "the previous month's last day (February gives 31 January, April 31 March)."),
    ("rscale-libical-gregorian-byyearday-366-forward", "20121231T120000", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=FORWARD;COUNT=9",
     {"libical": True},
     "Day 366: 31 December of a leap year; in a common year FORWARD gives 1 January of the next year (2013's "
     "day 366 is 2014-01-01)."),
    ("rscale-libical-gregorian-byyearday-366-backward", "20121231T120000", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=BACKWARD;COUNT=9",
     {"libical": True},
     "Day 366 with BACKWARD: every 31 December."),
    ("rscale-libical-gregorian-byyearday-minus-366-forward", "20120101T120000", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=FORWARD;COUNT=9",
     {"libical": True},
     "Day -366: 1 January of a leap year; in a common year a day before the year starts, which FORWARD moves to "
     "1 January: every 1 January."),
    ("rscale-libical-gregorian-byyearday-minus-366-backward", "20120101T120000", "RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=-366;SKIP=BACKWARD;COUNT=9",
     {"libical": True},
     "Day -366 with BACKWARD: in a common year the previous year's 31 December (2013's gives 2012-12-31); "
     "leap years 2012, 2016, 2020 give their 1 January."),
    # RFC 7529's own scenarios
    ("rscale-rfc7529-birthday-feb29-forward", "20160229", "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=5", {},
     "RFC 7529's leap-day birthday: 29 February in leap years, 1 March (FORWARD) otherwise. libical 3.0.16 "
     "gives the same."),
    ("rscale-rfc7529-birthday-feb29-backward", "20160229", "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD;COUNT=5", {},
     "The same birthday kept on 28 February (BACKWARD) in common years. libical 3.0.16 gives the same."),
    ("rscale-rfc7529-chinese-new-year-count", "20130210", "RSCALE=CHINESE;FREQ=YEARLY;COUNT=8", {},
     "RFC 7529's Chinese New Year: DTSTART;VALUE=DATE on 1/1 of year 4650 (2013-02-10); month 1 day 1 of each "
     "Chinese year (ICU), 2013-2020. libical 3.0.16 gives the same."),
    ("rscale-rfc7529-hebrew-8-adar1-forward-from-leap-5776", "20160217", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=6", {},
     "RFC 7529's anniversary on 8 Adar I, from 5776 (2016-02-17): 8 Adar in the common years 5777, 5778, "
     "5780, 5781 and 8 Adar I in leap 5779 (2019-02-13). libical 3.0.16 gives the same."),
    ("rscale-rfc7529-hebrew-8-adar1-backward", "20140208", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=BACKWARD;COUNT=5", {},
     "The same anniversary with BACKWARD: 8 Shevat, the month before Adar I, in common years (2015-01-28, "
     "2017-02-04, 2018-01-24). libical 3.0.16 gives the same."),
    ("rscale-rfc7529-hebrew-adar-6-every-year", "20140310", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=8;COUNT=4", {},
     "BYMONTH=6 is Adar in a common year and Adar II in a leap year (CLDR's numbering): 8 Adar II 5774 = "
     "2014-03-10, 8 Adar 5775 = 2015-02-27. No SKIP is needed. libical 3.0.16 gives the same."),
]

LAST_DAY = [
    ("gregorian", "GREGORIAN", "20150131", "31, 28, 31, 30 ... days: the Gregorian month ends"),
    ("hebrew", "HEBREW", "20140131", "Hebrew months of 29 or 30 days (Heshvan and Kislev vary), with Adar I and Adar II in leap 5774"),
    ("chinese", "CHINESE", "20140725", "Chinese months of 29 or 30 days, through the leap 9th month of 2014 (9L, 2014-10-24 to 2014-11-21)"),
    ("islamic-civil", "ISLAMIC-CIVIL", "20140130", "tabular Islamic months, alternately 30 and 29 days"),
    ("ethiopic", "ETHIOPIC", "20140701", "twelve 30-day months and month 13 (Pagume) of 5 days in 2006 (2014-09-06 to 2014-09-10)"),
    ("coptic", "COPTIC", "20140701", "the Coptic calendar's 30-day months and month 13 of 5 or 6 days, as the Ethiopic"),
    ("persian", "PERSIAN", "20140401", "Persian months: six of 31 days, five of 30, and Esfand of 29 (30 in a leap year)"),
    ("indian", "INDIAN", "20140420", "the Indian national calendar: Chaitra 30 days (31 in a leap year), five of 31, six of 30"),
]
for key, scale, seed, how in LAST_DAY:
    # DTSTART: the first last day of a month on or after the seed date
    first = oracle.expand(f"RSCALE={scale};FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=1",
                          dt.date(int(seed[:4]), int(seed[4:6]), int(seed[6:8])), include_dtstart=False)[0]
    start = first.strftime("%Y%m%d")
    CASES.append((f"rscale-rfc7529-monthly-last-day-{key}", start, f"RSCALE={scale};FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=14", {},
                  f"RFC 7529's monthly last day in the {scale.lower()} calendar (BYMONTHDAY=-1 counts in the "
                  f"calendar's month): {how}. DTSTART is a month's last day. Dates from ICU's calendar fields; "
                  f"libical 3.0.16 gives the same."))

CASES += [
    # Almanac's reading where RFC 7529 is terse
    ("rscale-skip-duplicates-once-forward", "20150101", "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29,30,31;SKIP=FORWARD;COUNT=4",
     {"include_dtstart": False},
     "29, 30 and 31 February all move FORWARD to 1 March (RFC 7529: a moved date equal to another in the set "
     "appears once, and Almanac counts it once toward COUNT): 2015-03-01, 2016-02-29 and 2016-03-01 (30 and "
     "31 February 2016 both give 1 March), 2017-03-01. libical 3.0.16 gives the same."),
    ("rscale-skip-duplicates-once-backward", "20150101", "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29,30;SKIP=BACKWARD;COUNT=4",
     {"include_dtstart": False},
     "28, 29 and 30 February with BACKWARD: in 2015 all three are 28 February, listed once and counted once; "
     "2016 gives 28 and 29 February (30 February moves onto 29). libical 3.0.16 gives the same."),
    ("rscale-chinese-monthly-day-30-backward", "20140924", "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=BACKWARD;COUNT=6",
     {"include_dtstart": False},
     "The 30th of each Chinese month; a 29-day month (9L, 11, 12 ... of 2014) gives its 29th (BACKWARD). "
     "libical 3.0.16 gives the same."),
    ("rscale-chinese-monthly-day-30-forward", "20140924", "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD;COUNT=6",
     {"include_dtstart": False},
     "The 30th of each Chinese month; a 29-day month gives the next month's 1st (FORWARD): the leap month 9L "
     "of 2014 has 29 days, so its 30th is 1/10 = 2014-11-22. libical 3.0.16 answers 2015-02-19 there, out of "
     "order (Corpus/divergences.jsonl divergence-rscale-libical-forward-out-of-a-leap-month)."),
    ("rscale-hebrew-rosh-hashanah-zoned", "20140925T180000", "RSCALE=HEBREW;FREQ=YEARLY;COUNT=4", {"tzid": "Asia/Jerusalem"},
     "A zoned start: 1 Tishri (Rosh Hashanah) 5775 is 2014-09-25; the dates are the Hebrew calendar's, the "
     "time and zone DTSTART's (18:00 in Jerusalem, +03:00 in September). libical 3.0.16 gives the same dates."),
]


# Cases where libical 3.0.16 (checked by hand with its icalrecur_iterator) answers otherwise:
# case id -> (divergence id, libical's answer, note). Written to Corpus/divergences.jsonl.
LIBICAL_DIVERGENCES = {
    "rscale-chinese-monthly-day-30-forward": (
        "divergence-rscale-libical-forward-out-of-a-leap-month",
        ["2014-10-23", "2015-02-19", "2014-12-21", "2015-01-20", "2015-02-18", "2015-03-20"],
        "RFC 7529 (SKIP=FORWARD: an invalid day moves to the first day of the next month) and RFC 5545 "
        "3.3.10 (the set is in time order): the 30th of the 29-day leap month 9L of Chinese year 4651 is 1 day 10 = "
        "2014-11-22. libical 3.0.16 answers 2015-02-19 (the 1st of the next year's month 1), after later dates."),
}


def parse_libical(path):
    answers = {}
    for block in Path(path).read_text().strip().split("\n\n"):
        lines = dict(line.split(":", 1) for line in block.strip().split("\n"))
        answers[lines["RRULE"]] = lines["INSTANCES"].strip()
    return answers


def printed(day, dtstart, zone=None):
    if len(dtstart) == 8:
        return day.isoformat()
    t = f"{day.isoformat()}T{dtstart[9:11]}:{dtstart[11:13]}:{dtstart[13:15]}"
    if dtstart.endswith("Z"):
        return t + "Z"
    if zone:
        from zoneinfo import ZoneInfo
        local = dt.datetime.fromisoformat(t).replace(tzinfo=ZoneInfo(zone))
        off = int(local.utcoffset().total_seconds())
        return t + ("-" if off < 0 else "+") + f"{abs(off) // 3600:02d}:{abs(off) // 60 % 60:02d}"
    return t


def main(argv):
    path = argv[0] if argv else "/tmp/libical-src/libical-3.0.16/src/test/icalrecur_withicu_dangi_test.out"
    libical = parse_libical(path)
    lines = []
    for cid, start, rule, extra, note in CASES:
        extra = dict(extra)
        from_libical = extra.pop("libical", False)
        case = {"id": cid, "dtstart": start}
        if "tzid" in extra:
            case["tzid"] = extra.pop("tzid")
        case["rrule"] = rule
        case.update(extra)
        if "RUSSIAN" in rule:
            case["expect"] = {"error": "invalid_rule"}
        else:
            d = dt.date(int(start[:4]), int(start[4:6]), int(start[6:8]))
            after = extra.get("after")
            days = oracle.expand(rule, d, include_dtstart=extra.get("include_dtstart", True))
            if after:
                days = [x for x in days if x.strftime("%Y%m%d") >= after[:8]]
            case["expect"] = [printed(x, start, case.get("tzid")) for x in days]
            if from_libical:
                want = [x[:8] for x in libical[rule].split(",")]
                got = [x.strftime("%Y%m%d") for x in days]
                if got != want:
                    sys.exit(f"{cid}: the oracle gives {got}, libical {want}: a divergence to record")
        case["note"] = note
        case["source"] = LIBICAL if from_libical else (RFC + " (section 4's scenarios; expectations from ICU's calendar "
                                                       "through Tools/corpus/rscale_oracle.py)"
                                                       if "rfc7529" in cid else
                                                       "Almanac's reading of RFC 7529 (Corpus/README.md); expectations "
                                                       "from ICU's calendar through Tools/corpus/rscale_oracle.py")
        lines.append(json.dumps(case, separators=(",", ":"), ensure_ascii=False))
    # Cases appended to the file by hand (ids this script does not write,
    # such as the 12L SKIP=FORWARD cases with Foundation's answers) are kept,
    # after the generated ones.
    made = {json.loads(x)["id"] for x in lines}
    if OUT.exists():
        lines += [x for x in OUT.read_text().splitlines() if x.strip() and json.loads(x)["id"] not in made]
    OUT.write_text("\n".join(lines) + "\n")
    div_path = OUT.parent / "divergences.jsonl"
    by_id = {json.loads(x)["id"]: json.loads(x) for x in lines}
    new_ids = {d for d, _, _ in LIBICAL_DIVERGENCES.values()}
    keep = [x for x in div_path.read_text().splitlines() if json.loads(x)["id"] not in new_ids]
    for cid, (did, answer, note) in LIBICAL_DIVERGENCES.items():
        c = by_id[cid]
        d = {"id": did, **{k: v for k, v in c.items() if k not in ("id", "note", "source")}}
        d["peer"] = {"name": "libical 3.0.16", "answer": answer}
        d["note"], d["source"] = note, "Tools/corpus/make_rscale.py: " + c["id"] + " in Corpus/rscale.jsonl, compared by hand"
        keep.append(json.dumps(d, separators=(",", ":"), ensure_ascii=False))
    div_path.write_text("\n".join(keep) + "\n")
    print(f"wrote {len(lines)} cases to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Differential testing of `almanac alarms` (.ics) against recurring-ical-events' alarm query.

Per generated calendar (VEVENTs and VTODOs with VALARMs, README.md "Alarms mode"):

    almanac   `almanac alarms FILE --from F --to T --json --limit 1000000` (viewer UTC)
    peer      recurring-ical-events' alarm query, `recurring_ical_events.of(cal,
              components=["VALARM"]).between(F, T)`, in process

Both become multisets of firings (uid, alarm, time, instance start), instants as epoch seconds,
each alarm named by the DESCRIPTION the generator gives it (`uid/a3`; an override's copy of a
series' alarm keeps its name). `between()` turns each firing into a component and raises on an
all-day instance (icalendar refuses a DATE TRIGGER); the harness then reads the same query's
firings before that step (`_occurrences_between`, the AlarmOccurrence objects `between()`
converts) and records the raise as a kind.

A kind explains a difference by repairing the peer's answer (the RFC wins; README.md lists the
kinds with the RFC text). All repairs are applied at once; when that gives Almanac's answer, the
kinds are dropped one by one while the answer stays Almanac's, and the kinds left name the
divergence. Anything else is unclassified (written with --keep DIR) and the run exits 1.

Usage:
    alarms.py --cases 40 --almanac .build/debug/almanac        # CI's short run (a few seconds)
    alarms.py --cases 2000 --seed 7 --almanac PATH --keep /tmp/alarms-unclassified
    alarms.py --show 17 --seed 1 --almanac PATH                  # one case: ics and both answers
    alarms.py --peer-only --cases 200                            # generator and peer only
    alarms.py --fixtures -v --almanac PATH                       # Corpus/ics's alarm fixtures against the peer
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc
HERE = Path(__file__).resolve().parent
# Zones whose 2024 rules are the same in Almanac's tz data and Python's zoneinfo, with their DST nights.
DST_NIGHTS = {
    "America/New_York": [dt.date(2024, 3, 10), dt.date(2024, 11, 3)],
    "Europe/Berlin": [dt.date(2024, 3, 31), dt.date(2024, 10, 27)],
    "Australia/Sydney": [dt.date(2024, 4, 7), dt.date(2024, 10, 6)],
}
START_TRIGGERS = ["-PT15M", "-PT1H", "-PT2H30M", "-P1D", "-P1DT2H", "PT0S", "PT10M", "-PT15H", "-P2D", "-PT24H", "-PT3H"]
END_TRIGGERS = ["-PT5M", "PT0S", "PT30M", "-P1D", "-PT3H", "-PT24H"]
TIMES = [(1, 30), (2, 30), (9, 0), (23, 0), (0, 15), (12, 0), (3, 0)]
ACTIONS = ["DISPLAY"] * 12 + ["AUDIO"] * 4 + ["EMAIL"] * 3 + ["NONE"]


# --- generator -------------------------------------------------------------------------------

def duration_parts(text):
    """`-P1DT2H30M` -> (days, seconds), both signed."""
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")[1:]
    days = secs = 0
    datepart, _, timepart = body.partition("T")
    if datepart.endswith("W"):
        days = int(datepart[:-1]) * 7
    elif datepart.endswith("D"):
        days = int(datepart[:-1])
    num = ""
    for ch in timepart:
        if ch.isdigit():
            num += ch
        else:
            secs += int(num) * {"H": 3600, "M": 60, "S": 1}[ch]
            num = ""
    return sign * days, sign * secs


def fmt_secs(secs):
    h, m = secs // 3600, secs % 3600 // 60
    return "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "") + ("" if h or m else "0S")


def instant(s, local):
    """Epoch seconds of a series value (a naive local datetime, or a date at UTC midnight)."""
    if s["form"] == "date":
        return int(dt.datetime(local.year, local.month, local.day, tzinfo=UTC).timestamp())
    zone = ZoneInfo(s["zone"]) if s["form"] == "zoned" else UTC
    return int(local.replace(tzinfo=zone).timestamp())


def gen_alarm(r, uid, n, s, first_start):
    a = {"id": f"{uid}/a{n}", "action": r.choice(ACTIONS), "repeat": 0, "interval": 0, "ack": None}
    roll = r.random()
    if roll < 0.55 or (s["comp"] == "VTODO" and roll < 0.3):
        a["rel"], a["trigger"] = "START", r.choice(START_TRIGGERS)
    elif roll < 0.85:
        a["rel"], a["trigger"] = "END", r.choice(END_TRIGGERS)
    else:
        a["rel"], a["at"] = "ABS", first_start + r.choice([-86400, -3600, -900, 0, 1800, 7200])
    if r.random() < 0.25:
        a["repeat"], a["interval"] = r.randint(1, 3), r.choice([300, 600, 3600])
    if r.random() < 0.12:
        a["ack"] = first_start + r.choice([-3 * 86400, -3600, 0, 86400, 2 * 86400])
    return a


def gen_series(r, k, zone, night):
    comp = "VTODO" if r.random() < 0.15 else "VEVENT"
    form = r.choice(["zoned"] * 5 + ["utc"] * 2 + ["floating"] + ["date"] * 2) if comp == "VEVENT" else r.choice(["zoned", "utc"])
    day = night + dt.timedelta(days=r.randint(-3, 1))
    h, m = r.choice(TIMES)
    start = day if form == "date" else dt.datetime(day.year, day.month, day.day, h, m)
    s = {"uid": f"s{k}", "comp": comp, "form": form, "zone": zone, "start": start, "exdates": [], "overrides": [],
         "status": "COMPLETED" if comp == "VTODO" and r.random() < 0.2 else None}
    s["length"] = r.choice([1, 1, 2]) if form == "date" else r.choice([0, 1800, 3600, 5400, 3 * 3600, 26 * 3600])
    if comp == "VTODO" and s["length"] == 0:
        s["length"] = 3600
    s["count"] = r.randint(3, 9) if r.random() < 0.75 and s["status"] is None else 1
    s["rule"] = r.choice(["FREQ=DAILY", "FREQ=DAILY;INTERVAL=2", "FREQ=WEEKLY"]) if s["count"] > 1 else None
    step = {"FREQ=DAILY": 1, "FREQ=DAILY;INTERVAL=2": 2, "FREQ=WEEKLY": 7, None: 1}[s["rule"]]
    starts = [start + dt.timedelta(days=step * j) for j in range(s["count"])]
    first = instant(s, start)
    s["alarms"] = [gen_alarm(r, s["uid"], n, s, first) for n in range(r.randint(1, 3))]
    s["first_removed"] = False
    if s["count"] > 1:
        picks = r.sample(range(s["count"]), min(s["count"], r.randint(0, 3)))
        for j in picks:
            gen_override(r, s, j, starts[j], len(s["alarms"]))
    return s


def gen_override(r, s, j, rid, next_alarm):
    kind = r.choice(["moved", "moved", "cancelled", "cancelled", "exdate"] + (["future"] if s["form"] in ("utc", "floating") else []))
    if kind == "exdate":
        s["exdates"].append(rid)
        s["first_removed"] |= j == 0
        return
    shift = dt.timedelta(days=1) if s["form"] == "date" else dt.timedelta(hours=r.choice([1, 3, -2, 24]))
    o = {"rid": rid, "start": rid if kind == "cancelled" else rid + shift, "cancelled": kind == "cancelled",
         "future": kind == "future"}
    relative = [a for a in s["alarms"] if a["rel"] != "ABS"]
    choice = r.random()
    if kind == "cancelled" or choice < 0.5:
        o["alarms"] = relative                       # the series' alarms copied (Apple, Google write them so)
    elif choice < 0.75:
        o["alarms"] = []                             # no VALARM: no alarm for this instance
    else:
        o["alarms"] = [gen_alarm(r, s["uid"], next_alarm + len(s["overrides"]) * 3 + n, s, instant(s, o["start"]))
                       for n in range(r.randint(1, 2))]
        for a in o["alarms"]:
            if a["rel"] == "ABS":
                a["rel"], a["trigger"] = "START", "-PT30M"   # absolute alarms stay on the series (README)
    s["first_removed"] |= j == 0     # moved, cancelled or THISANDFUTURE: the master no longer gives it
    s["overrides"].append(o)


def gen_case(seed, i):
    r = random.Random(f"alarms-{seed}-{i}")
    zone = r.choice(sorted(DST_NIGHTS))
    night = r.choice(DST_NIGHTS[zone])
    series = [gen_series(r, k, zone, night) for k in range(r.randint(1, 3))]
    lo = dt.datetime(night.year, night.month, night.day, tzinfo=UTC) - dt.timedelta(days=r.choice([2, 4, 5]))
    hi = lo + dt.timedelta(days=r.choice([3, 7, 10, 16]))
    return {"name": f"alarms-s{seed}-{i}", "series": series, "lo": int(lo.timestamp()), "hi": int(hi.timestamp())}


# --- writing the calendar ----------------------------------------------------------------------

def value(s, v, prop):
    if s["form"] == "date":
        return f"{prop};VALUE=DATE:{v:%Y%m%d}"
    if s["form"] == "zoned":
        return f"{prop};TZID={s['zone']}:{v:%Y%m%dT%H%M%S}"
    return f"{prop}:{v:%Y%m%dT%H%M%S}" + ("Z" if s["form"] == "utc" else "")


def utc_text(t):
    return dt.datetime.fromtimestamp(t, UTC).strftime("%Y%m%dT%H%M%SZ")


def alarm_lines(a):
    out = ["BEGIN:VALARM", f"ACTION:{a['action']}", f"DESCRIPTION:{a['id']}"]
    if a["action"] == "EMAIL":
        out += ["SUMMARY:Reminder", "ATTENDEE:mailto:someone@example.com"]
    if a["rel"] == "ABS":
        out.append(f"TRIGGER;VALUE=DATE-TIME:{utc_text(a['at'])}")
    else:
        out.append(("TRIGGER;RELATED=END:" if a["rel"] == "END" else "TRIGGER:") + a["trigger"])
    if a["repeat"]:
        out += [f"REPEAT:{a['repeat']}", f"DURATION:{fmt_secs(a['interval'])}"]
    if a["ack"] is not None:
        out.append(f"ACKNOWLEDGED:{utc_text(a['ack'])}")
    return out + ["END:VALARM"]


def length_lines(s, start):
    if s["comp"] == "VTODO":
        return [f"DUE:{utc_text(instant(s, start) + s['length'])}"]
    if s["form"] == "date":
        return [f"DURATION:P{s['length']}D"]
    return [f"DURATION:{fmt_secs(s['length'])}"] if s["length"] else []


def write_ics(case):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//alarms differential//EN"]
    for s in case["series"]:
        c = s["comp"]
        lines += [f"BEGIN:{c}", f"UID:{s['uid']}", "DTSTAMP:20240101T000000Z", value(s, s["start"], "DTSTART")]
        lines += length_lines(s, s["start"])
        if s["rule"]:
            lines.append(f"RRULE:{s['rule']};COUNT={s['count']}")
        for x in s["exdates"]:
            lines.append(value(s, x, "EXDATE"))
        if s["status"]:
            lines.append(f"STATUS:{s['status']}")
        lines.append(f"SUMMARY:{s['uid']}")
        for a in s["alarms"]:
            lines += alarm_lines(a)
        lines.append(f"END:{c}")
        for o in s["overrides"]:
            rid = value(s, o["rid"], "RECURRENCE-ID")
            if o["future"]:
                rid = rid.replace("RECURRENCE-ID", "RECURRENCE-ID;RANGE=THISANDFUTURE", 1)
            lines += [f"BEGIN:{c}", f"UID:{s['uid']}", "DTSTAMP:20240101T000000Z", rid, value(s, o["start"], "DTSTART")]
            lines += length_lines(s, o["start"])
            lines += ["STATUS:CANCELLED"] if o["cancelled"] else []
            lines.append(f"SUMMARY:{s['uid']} (override)")
            for a in o["alarms"]:
                lines += alarm_lines(a)
            lines.append(f"END:{c}")
    return ("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode()


# --- the two answers ---------------------------------------------------------------------------

def epoch(v, zone=UTC):
    """Epoch seconds: aware as is, naive and dates (midnight) on `zone`'s clock."""
    if isinstance(v, dt.datetime):
        return int((v if v.tzinfo else v.replace(tzinfo=zone)).timestamp())
    return int(dt.datetime(v.year, v.month, v.day, tzinfo=zone).timestamp())


def almanac_answer(almanac, path, lo, hi, viewer="UTC"):
    iso = lambda t: dt.datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    p = subprocess.run([almanac, "alarms", path, "--from", iso(lo), "--to", iso(hi), "--json", "--limit", "1000000", "--viewer", viewer],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"almanac alarms exited {p.returncode}: {p.stderr.strip()[:300]}")
    return [firing_key(json.loads(line)) for line in p.stdout.splitlines()]


def firing_key(j):
    """A line of `almanac alarms --json` as (uid, alarm, time, instance start); a date start at UTC midnight."""
    start = j["start"]
    s = epoch(dt.date.fromisoformat(start)) if len(start) == 10 else epoch(dt.datetime.fromisoformat(start.replace("Z", "+00:00")))
    return (j["uid"], str(j.get("description")), epoch(dt.datetime.fromisoformat(j["time"].replace("Z", "+00:00"))), s)


def component_of(parent):
    adapter = getattr(parent, "_adapter", parent)
    return getattr(adapter, "_component", None)


def peer_firings(data, lo, hi, viewer=UTC):
    """The peer's firings with what the repairs need, and whether `between()` raised. The window is
    given in `viewer`'s zone, which places floating and all-day values (README, Window)."""
    import icalendar
    import recurring_ical_events as rie
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cal = icalendar.Calendar.from_ical(data)
        frm, to = dt.datetime.fromtimestamp(lo, viewer), dt.datetime.fromtimestamp(hi, viewer)
        raised = None
        try:
            rie.of(cal, components=["VALARM"]).between(frm, to)
        except Exception as e:          # noqa: BLE001 - the kind names it
            raised = f"{type(e).__name__}: {e}"
        occurrences = rie.of(cal, components=["VALARM"])._occurrences_between(frm, to)
        out = []
        for o in occurrences:
            p, a = o.parent, o.alarm
            comp = component_of(p)
            trig = a.get("TRIGGER")
            out.append({
                "uid": str(comp.get("UID")), "id": str(a.get("DESCRIPTION")), "time": epoch(o.start, viewer),
                "start": epoch(p.start), "base_start": p.start, "base_end": p.end, "comp": comp.name,
                "status": str(comp.get("STATUS", "")), "master": "RECURRENCE-ID" not in comp,
                "component": comp.get("RECURRENCE-ID").to_ical().decode() if "RECURRENCE-ID" in comp else "",
                "action": str(a.get("ACTION", "")), "proximity": "PROXIMITY" in a, "viewer": viewer, "ack": epoch(a["ACKNOWLEDGED"].dt) if "ACKNOWLEDGED" in a else None,
                "rel": "ABS" if isinstance(trig.dt, dt.datetime) else str(trig.params.get("RELATED", "START")).upper(),
                "trigger": trig.dt, "repeat": int(a.get("REPEAT", 0)),
                "interval": a["DURATION"].dt if "DURATION" in a else dt.timedelta(0),
            })
    return out, raised


# --- kinds: each repairs the peer's answer toward the RFC's ------------------------------------

def alarm_index(case):
    return {(s["uid"], a["id"]): (s, a) for s in case["series"] for a in s["alarms"] + [x for o in s["overrides"] for x in o["alarms"]]}


def peer_style(f, k):
    base = f["base_end"] if f["rel"] == "END" else f["base_start"]
    return epoch(base + (f["trigger"] + k * f["interval"]), f["viewer"])


def trigger_parts(case, f):
    """(series, days, seconds, seconds between repeats) of a firing's alarm: a generated alarm's by its
    name; a fixture's from the trigger its expectation writes for that alarm, else from the
    peer's timedelta (whole days read as nominal days)."""
    if "texts" not in case:
        s, a = alarm_index(case)[(f["uid"], f["id"])]
        return (s, *duration_parts(a["trigger"]), a["interval"])
    s = next(x for x in case["series"] if x["uid"] == f["uid"])
    texts = case["texts"].get((f["uid"], f["id"], f["rel"]), set())
    if len(texts) == 1:
        days, secs = duration_parts(next(iter(texts)))
    else:
        total = int(f["trigger"].total_seconds())
        days, secs = (total // 86400, 0) if total % 86400 == 0 else (0, total)
    return s, days, secs, int(f["interval"].total_seconds())


def rfc_time(case, f, k, kinds):
    """The firing's time with the time repairs in `kinds` applied (the peer's own arithmetic without them)."""
    s, days, secs, interval = trigger_parts(case, f)
    base = f["base_end"] if f["rel"] == "END" else f["base_start"]
    step = k * interval
    exact_end = f["rel"] == "END" and isinstance(base, dt.datetime) and base.tzinfo is not None
    if exact_end and "duration-added-in-wall-clock-time" in kinds:
        base = dt.datetime.fromtimestamp(epoch(f["base_start"]) + s["length"], base.tzinfo)
    if not isinstance(base, dt.datetime):
        if "all-day-trigger-truncated-to-a-date" not in kinds:
            return epoch(base + (f["trigger"] + k * f["interval"]), f["viewer"])
        # the whole trigger on the wall clock of the date's midnight, read on the viewer's clock (README, Alarms)
        wall = dt.datetime(base.year, base.month, base.day) + dt.timedelta(days=days, seconds=secs + step)
        return epoch(wall, case.get("viewer", UTC))
    if base.tzinfo is None:
        return epoch(base + (f["trigger"] + k * f["interval"]), f["viewer"])
    if "trigger-days-on-the-clock-of-the-written-end" in kinds and s["form"] == "zoned" and days:
        base = base.astimezone(ZoneInfo(s["zone"]))                  # a DUE written in UTC, on the instance's clock
    if "trigger-days-from-a-time-in-a-dst-gap" in kinds:
        base = dt.datetime.fromtimestamp(epoch(base), base.tzinfo)   # 02:30 in the gap is 03:30 (RFC 5545 3.3.5)
    if "trigger-hours-added-in-wall-clock-time" not in kinds:
        return epoch(base + (f["trigger"] + k * f["interval"]), f["viewer"])
    if days:   # the same wall-clock time `days` days away (datetime arithmetic resets fold: the earlier of two)
        base = (base.replace(tzinfo=None) + dt.timedelta(days=days)).replace(tzinfo=base.tzinfo)
    return epoch(base) + secs + step


def drop_cancelled(case, f, t):
    return f["status"] == "CANCELLED"


def drop_acknowledged(case, f, t):
    return f["ack"] is not None and t <= f["ack"]


def drop_completed(case, f, t):
    return f["comp"] == "VTODO" and f["status"] == "COMPLETED"


def drop_none(case, f, t):
    return f["action"] == "NONE"


def drop_proximity(case, f, t):
    return f["proximity"]


def in_gap(s, local):
    """Whether a zoned series' wall-clock time does not exist (a DST gap)."""
    if s["form"] != "zoned" or not isinstance(local, dt.datetime):
        return False
    z = ZoneInfo(s["zone"])
    local = local.replace(tzinfo=None)
    return dt.datetime.fromtimestamp(local.replace(tzinfo=z).timestamp(), z).replace(tzinfo=None) != local


def drop_absolute_of_removed(case, f, t):
    s = next((x for x in case["series"] if x["uid"] == f["uid"]), None)
    return f["rel"] == "ABS" and f["master"] and s is not None and s["first_removed"]


OUR = "our reading (RFC-backed or our documented choice)"
KINDS = [  # (name, category, reason, drop predicate or None for a time repair)
    ("cancelled-instance-alarms-listed", OUR,
     "RFC 5545 3.8.1.11: STATUS:CANCELLED, the instance does not take place, so nothing reminds of it "
     "(README, Alarms); the peer fires the alarms of a cancelled override", drop_cancelled),
    ("acknowledged-alarm-listed", OUR,
     "RFC 9074 section 6: ACKNOWLEDGED is when the alarm was last sent or acknowledged, so its triggers up "
     "to that time do not fire again; the peer ignores ACKNOWLEDGED", drop_acknowledged),
    ("completed-todo-alarms-listed", OUR,
     "RFC 5545 3.8.1.11: STATUS:COMPLETED, the to-do is done; Almanac fires nothing for it (RFC 5545 is "
     "silent; our choice, README); the peer fires its alarms", drop_completed),
    ("action-none-listed", OUR,
     "RFC 9074 section 7: an alarm with ACTION:NONE never fires (a client's 'no default alarm'); the "
     "peer lists it", drop_none),
    ("proximity-alarm-listed", OUR,
     "RFC 9074 section 8: an alarm with PROXIMITY fires when the device arrives at or leaves a place, not "
     "at its TRIGGER; time queries leave it out (README); the peer lists it at its trigger", drop_proximity),
    ("absolute-alarm-of-replaced-first-instance-listed", OUR,
     "RFC 5545 3.8.6.3: an absolute TRIGGER fires once, for the instance its component gives (the "
     "master's: DTSTART); when EXDATE removes that instance or an override replaces it (an override is a "
     "whole component whose VALARMs replace the series', 3.8.4.4) it fires nothing (README); the peer "
     "fires it for the master whatever became of its instance", drop_absolute_of_removed),
    ("trigger-days-from-a-time-in-a-dst-gap", OUR,
     "RFC 5545 3.3.5: a DTSTART in a DST gap (02:30 on the night clocks spring forward) is the time with "
     "the offset before the gap, 03:30, and RFC 5545 3.3.6's nominal day before it is 03:30 the day before "
     "(Almanac counts the days on the clock of the instance's instant); the peer counts them from the "
     "written 02:30, an hour earlier", None),
    ("trigger-days-on-the-clock-of-the-written-end", OUR,
     "RFC 5545 3.3.6: a nominal day's length 'depends on its position in the calendar'; Almanac counts the "
     "days of a trigger on the instance's own clock (its DTSTART's zone), also from a DUE written in UTC; "
     "the peer counts them on the clock the end is written in (UTC), an hour off across a DST change "
     "(the RFC does not say which clock: our choice, README)", None),
    ("trigger-hours-added-in-wall-clock-time", "peer bug",
     "RFC 5545 3.3.6: a duration's days are nominal and its hours, minutes and seconds exact; the peer "
     "adds the whole trigger in wall-clock time (Python aware-datetime arithmetic), so a trigger in hours "
     "across a DST change fires an hour off", None),
    ("duration-added-in-wall-clock-time", "peer bug",
     "RFC 5545 3.8.5.3: every instance has the same exact duration; the peer adds DURATION in wall-clock "
     "time, so an instance across a DST change ends an hour off and an alarm RELATED=END with it", None),
    ("all-day-trigger-truncated-to-a-date", "peer bug",
     "RFC 5545 3.8.6.3: a trigger relative to an all-day (DATE) instance is a time (Almanac: on the "
     "viewer's clock, README); the peer adds it to a date, which keeps only whole days (-PT15M is the day "
     "before, no time)", None),
]
RAISE_KIND = ("all-day-alarm-raises", "peer bug",
              "between() turns each firing into a component whose TRIGGER is the firing time; for a "
              "relative alarm of an all-day instance that time is a date, which icalendar refuses "
              "(TypeError: Use datetime or timedelta, not date): the public query raises")
TIME_KINDS = {k[0] for k in KINDS if k[3] is None}


def repeat_numbers(firings):
    """Each relative firing's repeat number k: the first k whose time (the peer's arithmetic) is the
    firing's and that no other firing of the same alarm and instance took (a date instance can give
    several k the same time)."""
    taken, out = {}, []
    for f in firings:
        if f["rel"] == "ABS":
            out.append(None)
            continue
        used = taken.setdefault((f["uid"], f["id"], f["start"], f["rel"], f["component"]), set())
        k = next((k for k in range(f["repeat"] + 1) if k not in used and peer_style(f, k) == f["time"]), None)
        used.add(k)
        out.append(k)
    return out


def repaired(case, firings, kinds, lo, hi):
    drops = [fn for name, _, _, fn in KINDS if name in kinds and fn is not None]
    out = []
    for f, k in zip(firings, repeat_numbers(firings)):
        t = f["time"]
        if k is not None and kinds & TIME_KINDS:
            t = rfc_time(case, f, k, kinds)
        if any(fn(case, f, t) for fn in drops):
            continue
        if lo <= t < hi:
            out.append((f["uid"], f["id"], t, f["start"]))
    return Counter(out)


def explain(case, firings, expected, lo, hi):
    names = [k[0] for k in KINDS]
    if repaired(case, firings, set(names), lo, hi) != expected:
        return None
    keep = set(names)
    for name in names:
        if repaired(case, firings, keep - {name}, lo, hi) == expected:
            keep.discard(name)
    return sorted(keep, key=names.index)


# --- running -----------------------------------------------------------------------------------

MARGIN = 3 * 86400   # the peer is asked a wider window, as a repaired time can move into the window


def run_case(case, almanac, tmp):
    """(result, kinds, firings compared, detail): result is agree, classified or unclassified."""
    data = write_ics(case)
    lo, hi = case["lo"], case["hi"]
    firings, raised = peer_firings(data, lo - MARGIN, hi + MARGIN)
    peer = Counter((f["uid"], f["id"], f["time"], f["start"]) for f in firings if lo <= f["time"] < hi)
    if almanac is None:
        return ("agree", [RAISE_KIND[0]] if raised else [], sum(peer.values()), {"peer": sorted(peer.elements())})
    path = Path(tmp) / (case["name"] + ".ics")
    path.write_bytes(data)
    alm = Counter(almanac_answer(almanac, str(path), lo, hi))
    detail = {"almanac": sorted(alm.elements()), "peer": sorted(peer.elements()), "raised": raised}
    raises = [RAISE_KIND[0]] if raised and "not date" in raised else []
    if raised and not raises:
        return ("unclassified", [], sum(alm.values()), detail)
    if peer == alm:
        return ("classified" if raises else "agree", raises, sum(alm.values()), detail)
    kinds = explain(case, firings, alm, lo, hi)
    if kinds is None:
        return ("unclassified", raises, sum(alm.values()), detail)
    return ("classified", kinds + raises, sum(alm.values()), detail)


def write_kept(keep, case, detail):
    d = Path(keep)
    d.mkdir(parents=True, exist_ok=True)
    (d / (case["name"] + ".ics")).write_bytes(write_ics(case))
    (d / (case["name"] + ".json")).write_text(json.dumps({"from": case["lo"], "to": case["hi"], **detail}, indent=1, default=str))


def peer_version():
    from importlib.metadata import version
    return "recurring-ical-events %s (icalendar %s, python-dateutil %s)" % (
        version("recurring-ical-events"), version("icalendar"), version("python-dateutil"))


def run(args):
    t0 = time.time()
    almanac = None if args.peer_only else args.almanac
    counts, kinds, fired = Counter(), Counter(), 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.cases):
            case = gen_case(args.seed, i)
            result, ks, n, detail = run_case(case, almanac, tmp)
            counts[result] += 1
            fired += n
            kinds.update(ks)
            if result == "unclassified":
                print(f"unclassified: {case['name']} (--show {i} --seed {args.seed})", file=sys.stderr)
                if args.keep:
                    write_kept(args.keep, case, detail)
    who = "peer only" if almanac is None else "almanac vs peer"
    print(f"alarms differential ({who}; {peer_version()}; seed {args.seed}): {args.cases} cases, {counts['agree']} agree, "
          f"{counts['classified']} classified {json.dumps(dict(kinds.most_common()))}, {counts['unclassified']} unclassified, "
          f"{fired} firings ({time.time() - t0:.0f} s)")
    return 1 if counts["unclassified"] else 0


FIXTURES = HERE.parents[1] / "Corpus" / "ics"


def parse_bound(text, zone):
    """`20240506T000000Z`, `20240506T000000` or `20240506` (local ones on `zone`'s clock) as epoch seconds."""
    if text.endswith("Z"):
        return epoch(dt.datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC))
    v = dt.datetime.strptime(text, "%Y%m%dT%H%M%S") if "T" in text else dt.datetime.strptime(text, "%Y%m%d")
    return epoch(v, zone)


def fixture_case(data, expect, viewer):
    """What the repairs read about a fixture: its series (from the file) and the trigger text its
    expectation writes for each alarm."""
    import icalendar
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cal = icalendar.Calendar.from_ical(data)
    comps = [c for c in cal.walk() if c.name in ("VEVENT", "VTODO")]
    series = []
    for c in (c for c in comps if "RECURRENCE-ID" not in c):
        uid, start = str(c.get("UID")), (c.get("DTSTART") or c.get("DUE")).dt
        tz = getattr(start, "tzinfo", None)
        zone = getattr(tz, "key", None)
        form = "date" if not isinstance(start, dt.datetime) else "floating" if tz is None else "zoned" if zone and zone != "UTC" else "utc"
        end = c.get("DTEND") or c.get("DUE")
        length = (end.dt - start).total_seconds() if end is not None and form != "date" else \
            c["DURATION"].dt.total_seconds() if "DURATION" in c else 0
        ex = c.get("EXDATE", [])
        exdates = [x.dt for e in (ex if isinstance(ex, list) else [ex]) for x in e.dts]
        rids = [o["RECURRENCE-ID"].dt for o in comps if "RECURRENCE-ID" in o and str(o.get("UID")) == uid]
        series.append({"uid": uid, "comp": c.name, "form": form, "zone": zone, "start": start, "rule": c.get("RRULE"),
                       "length": int(length), "first_removed": start in exdates or start in rids})
    texts = {}
    for e in expect:
        texts.setdefault((e["uid"], str(e.get("description")), e["related"].upper()), set()).add(e["trigger"])
    return {"series": series, "texts": texts, "viewer": viewer}


def run_fixtures(args):
    """Every alarm fixture of Corpus/ics (`"command": "alarms"`): the peer against its expectation,
    classified as generated cases are; with --almanac, Almanac's firings against it."""
    counts, kinds, bad = Counter(), Counter(), []
    for path in sorted(FIXTURES.glob("*.json")):
        spec = json.loads(path.read_text())
        if spec.get("command") != "alarms" or spec.get("exit") == 2:
            continue
        data, name = path.with_suffix(".ics").read_bytes(), path.stem
        viewer = UTC if spec.get("viewer", "UTC") == "UTC" else ZoneInfo(spec["viewer"])
        lo, hi = parse_bound(spec["from"], viewer), parse_bound(spec["to"], viewer)
        expected = Counter(firing_key(e) for e in spec["expect"])
        if not args.peer_only:
            got = Counter(almanac_answer(args.almanac, str(path.with_suffix(".ics")), lo, hi, spec.get("viewer", "UTC")))
            if got != expected:
                bad.append(name)
                print(f"almanac differs from the expectation: {name}", file=sys.stderr)
        firings, raised = peer_firings(data, lo - MARGIN, hi + MARGIN, viewer)
        peer = Counter((f["uid"], f["id"], f["time"], f["start"]) for f in firings if lo <= f["time"] < hi)
        raises = [RAISE_KIND[0]] if raised and "not date" in raised else []
        found = [] if peer == expected else explain(fixture_case(data, spec["expect"], viewer), firings, expected, lo, hi)
        if found is None or (raised and not raises):
            counts["unclassified"] += 1
            print(f"unclassified: {name}", file=sys.stderr)
            continue
        counts["classified" if found or raises else "agree"] += 1
        kinds.update(found + raises)
        if args.verbose and (found or raises):
            print(f"{name}: {', '.join(found + raises)}")
    print(f"alarm fixtures (Corpus/ics, peer vs expectation; {peer_version()}): {sum(counts.values())} fixtures, {counts['agree']} agree, "
          f"{counts['classified']} classified {json.dumps(dict(kinds.most_common()))}, {counts['unclassified']} unclassified"
          + ("" if args.peer_only else f"; almanac exact on {sum(counts.values()) - len(bad)}"))
    return 1 if counts["unclassified"] or bad else 0


def show(args):
    case = gen_case(args.seed, args.show)
    sys.stdout.write(write_ics(case).decode())
    with tempfile.TemporaryDirectory() as tmp:
        result, ks, _, detail = run_case(case, None if args.peer_only else args.almanac, tmp)
    print(f"window: {dt.datetime.fromtimestamp(case['lo'], UTC)} .. {dt.datetime.fromtimestamp(case['hi'], UTC)}")
    fmt = lambda x: f"{x[0]} {x[1]} {dt.datetime.fromtimestamp(x[2], UTC):%Y-%m-%d %H:%M}Z (instance {dt.datetime.fromtimestamp(x[3], UTC):%Y-%m-%d %H:%M}Z)"
    alm, peer = Counter(detail.get("almanac", [])), Counter(detail["peer"])
    for x in sorted((alm - peer).elements()):
        print("only almanac:", fmt(x))
    for x in sorted((peer - alm).elements()):
        print("only peer:   ", fmt(x))
    print(result, ks, detail.get("raised") or "")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--almanac", default=str(HERE.parents[1] / ".build" / "debug" / "almanac"))
    ap.add_argument("--peer-only", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("--show", type=int)
    ap.add_argument("--fixtures", action="store_true", help="the alarm fixtures of Corpus/ics instead of generated cases")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if args.fixtures:
        sys.exit(run_fixtures(args))
    if args.show is not None:
        return show(args)
    sys.exit(run(args))


if __name__ == "__main__":
    main()

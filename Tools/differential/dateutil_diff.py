#!/usr/bin/env python3
"""Differential test: Almanac (through `almanac batch`) against python-dateutil.

Generates random floating recurrence requests (every frequency, every BYxxx
part with sensible and edge values, INTERVAL, COUNT, UNTIL, WKST, BYSETPOS,
RDATE, EXDATE), expands each with dateutil and with Almanac, and compares.

dateutil leaves DTSTART out unless the rule produces it, so requests carry
`include_dtstart: false`. Each disagreement is either explained by a known,
documented divergence (see KNOWN below and Corpus/divergences.jsonl), or it
is reported as unclassified and the script exits 1.

Usage: dateutil_diff.py [--cases N] [--seed S] [--almanac PATH] [--save FILE]
"""
import argparse, itertools, json, random, signal, subprocess, sys, datetime as dt
from dateutil import rrule as du

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
LIMIT = 40


def sample(r, pool, lo=1, hi=3):
    return sorted(set(r.choice(pool) for _ in range(r.randint(lo, hi))))


def gen_rule(r):
    freq = r.choices(FREQS, weights=[5, 5, 4, 4, 2, 1, 1])[0]
    parts = ["FREQ=" + freq]
    if r.random() < 0.4:
        parts.append("INTERVAL=%d" % r.choice([2, 3, 4, 5, 7, 10, 13]))
    has_by = False
    if r.random() < 0.3:
        parts.append("BYMONTH=" + ",".join(map(str, sample(r, range(1, 13)))))
        has_by = True
    if freq == "YEARLY" and r.random() < 0.2:
        parts.append("BYWEEKNO=" + ",".join(map(str, sample(r, [1, 2, 10, 20, 26, 52, 53, -1, -2]))))
        has_by = True
    if freq in ("YEARLY", "HOURLY", "MINUTELY", "SECONDLY") and r.random() < 0.2:
        parts.append("BYYEARDAY=" + ",".join(map(str, sample(r, [1, 2, 32, 59, 60, 100, 200, 365, 366, -1, -2, -366]))))
        has_by = True
    if freq != "WEEKLY" and r.random() < 0.35:
        parts.append("BYMONTHDAY=" + ",".join(map(str, sample(r, [1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -3, -31]))))
        has_by = True
    if r.random() < 0.5:
        ordinals = freq in ("MONTHLY", "YEARLY") and "BYWEEKNO" not in ";".join(parts)
        vals = []
        for _ in range(r.randint(1, 4)):
            d = r.choice(DAYS)
            if ordinals and r.random() < 0.5:
                n = r.choice([1, 2, 3, 4, -1, -2, 5, -5] + ([10, 20, 53, -53] if freq == "YEARLY" else []))
                d = "%d%s" % (n, d)
            vals.append(d)
        parts.append("BYDAY=" + ",".join(sorted(set(vals))))
        has_by = True
    if r.random() < 0.25:
        parts.append("BYHOUR=" + ",".join(map(str, sample(r, range(24)))))
        has_by = True
    if r.random() < 0.2:
        parts.append("BYMINUTE=" + ",".join(map(str, sample(r, [0, 15, 30, 45, 59]))))
        has_by = True
    if freq in ("SECONDLY", "MINUTELY") and r.random() < 0.3 or r.random() < 0.05:
        parts.append("BYSECOND=" + ",".join(map(str, sample(r, [0, 1, 30, 59]))))
        has_by = True
    if has_by and r.random() < 0.25:
        parts.append("BYSETPOS=" + ",".join(map(str, sample(r, [1, 2, 3, -1, -2, 10]))))
    if r.random() < 0.2:
        parts.append("WKST=" + r.choice(DAYS))
    return freq, parts


def gen_case(r, i):
    freq, parts = gen_rule(r)
    start = dt.datetime(r.randint(1990, 2030), r.randint(1, 12), r.randint(1, 28),
                        r.randint(0, 23), r.choice([0, 0, 15, 30, 59]), r.choice([0, 0, 30]))
    if r.random() < 0.1:
        # Month ends: 29, 30 and 31 where the month has them.
        import calendar
        last = calendar.monthrange(start.year, start.month)[1]
        start = start.replace(day=r.randint(28, last))
    end = r.random()
    if end < 0.35:
        parts.append("COUNT=%d" % r.randint(1, 30))
    elif end < 0.6:
        span = {"YEARLY": 3650, "MONTHLY": 900, "WEEKLY": 300, "DAILY": 60}.get(freq, 2)
        until = start + dt.timedelta(days=r.randint(0, span), seconds=r.randint(0, 86399))
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
    req = {"id": "du-%d" % i, "dtstart": start.strftime("%Y%m%dT%H%M%S"), "rrule": ";".join(parts),
           "include_dtstart": False, "limit": LIMIT, "strict": True}
    return req, start


class Slow(Exception):
    pass


def _alarm(signum, frame):
    raise Slow()


def dateutil_expand(req, start):
    """dateutil's answer, or Slow when it takes over 2 s (it walks sub-daily
    rules one period at a time, so a rare match can take it hours)."""
    rule = du.rrulestr(req["rrule"], dtstart=start)
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(2)
    try:
        got = list(itertools.islice(iter(rule), LIMIT + 1))
    finally:
        signal.alarm(0)
    return [d.strftime("%Y-%m-%dT%H:%M:%S") for d in got[:LIMIT]], len(got) > LIMIT


# Known divergences: a predicate over the rule text and the reason. Each is
# a place where RFC 5545 decides differently from dateutil (or is silent and
# Almanac's choice is documented in the README).
def parts_of(rule):
    return dict(p.split("=", 1) for p in rule.split(";"))


def classify(req, ours, theirs):
    p = parts_of(req["rrule"])
    if "BYWEEKNO" in p and not ({"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & set(p)):
        return "byweekno-weekday-from-dtstart"
    days = p.get("BYDAY", "").split(",") if "BYDAY" in p else []
    if any(d[:-2] for d in days) and any(not d[:-2] for d in days) and p["FREQ"] in ("MONTHLY", "YEARLY"):
        return "byday-ordinal-and-plain-intersected"
    if "BYSETPOS" in p and p["FREQ"] == "WEEKLY":
        return "bysetpos-weekly-first-week-cut-at-dtstart"
    if "BYWEEKNO" in p:
        # Days of early January in the previous year's last week, or of late
        # December in the next year's week 1: dateutil miscounts the weeks of
        # the neighbouring year (it uses this year's length).
        # Both lists stop at LIMIT: compare only up to the earlier last instance.
        horizon = min(ours[-1], theirs[-1]) if len(ours) == LIMIT and len(theirs) == LIMIT else "9999"
        diff = {d for d in set(ours) ^ set(theirs) if d <= horizon}
        if diff and all(d[5:10] <= "01-07" or d[5:10] >= "12-25" for d in diff):
            return "byweekno-neighbouring-year-weeks"
        if "BYSETPOS" in p:
            return "byweekno-neighbouring-year-weeks (through BYSETPOS)"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--almanac", default=".build/debug/almanac")
    ap.add_argument("--save", help="write unclassified disagreements as JSON Lines here")
    a = ap.parse_args()
    r = random.Random(a.seed)
    cases = [gen_case(r, i) for i in range(a.cases)]
    inp = "".join(json.dumps(c[0]) + "\n" for c in cases)
    out = subprocess.run([a.almanac, "batch"], input=inp, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(cases), "batch answered %d lines for %d requests" % (len(out), len(cases))
    agree, classified, unclassified, errors, slow = 0, {}, [], 0, 0
    for (req, start), line in zip(cases, out):
        reply = json.loads(line)
        try:
            theirs, t_trunc = dateutil_expand(req, start)
        except Slow:
            slow += 1
            continue
        except Exception as e:  # dateutil rejects the rule
            if "error" in reply or ("empty set" in str(e) and reply.get("occurrences") == []):
                agree += 1  # both reject it, or both find it has no instance
            else:
                why = "dateutil-raises: " + str(e)
                classified[why] = classified.get(why, 0) + 1
            continue
        if "error" in reply:
            errors += 1
            unclassified.append({"request": req, "almanac": reply, "dateutil": theirs})
            continue
        ours = reply["occurrences"]
        if ours == theirs:
            agree += 1
            continue
        why = classify(req, ours, theirs)
        if why:
            classified[why] = classified.get(why, 0) + 1
        else:
            unclassified.append({"request": req, "almanac": ours, "dateutil": theirs})
    print("dateutil differential: %d cases, %d agree, %d classified %s, %d unclassified, %d skipped (dateutil over 2 s)" %
          (len(cases), agree, sum(classified.values()), json.dumps(classified), len(unclassified), slow))
    if a.save:
        with open(a.save, "w") as f:
            for u in unclassified:
                f.write(json.dumps(u) + "\n")
    for u in unclassified[:5]:
        print(json.dumps(u))
    sys.exit(1 if unclassified else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""C2's peer: one window query with recurring-ical-events, timed in CPU time.

    python3 Benchmarks/peers/recurring_ical_events_query.py FILE FROM TO N [--dump PATH]

FROM and TO are UTC instants (2024-06-03T00:00:00Z). The file is read and
parsed with icalendar once, untimed; then `recurring_ical_events.of(cal)
.between(FROM, TO)` (building the query object and asking it, what a caller
writes) runs N times, each timed with time.process_time_ns (this process's
CPU time, as the Swift side's per-thread CPU time; the peer is single-threaded).
The window arguments are aware UTC datetimes, so all-day values are placed
in UTC, as Almanac's viewer UTC places them (see Tools/ics-differential/README.md).

Prints one tab-separated line for Benchmarks/table.sh (via the suite):

    median_ns  count  N  min_ns  max_ns  load_ns  versions

count is the number of occurrences of the last run (VEVENTs, cancelled ones
included, as Almanac's query with dropsCancelled: false). --dump PATH writes
one line per occurrence, `UID<TAB>start<TAB>end` (epoch seconds, all-day
values at UTC midnight), for the suite to compare with Almanac's.
"""
import datetime as dt
import importlib.metadata as metadata
import statistics
import sys
import time

import icalendar
import recurring_ical_events

UTC = dt.timezone.utc


def instant(value):
    """Epoch seconds of a DTSTART/DTEND value: aware as is, naive and dates in UTC."""
    if isinstance(value, dt.datetime):
        return int((value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp())
    return int(dt.datetime(value.year, value.month, value.day, tzinfo=UTC).timestamp())


def bounds(event):
    start = event["DTSTART"].dt
    end = event["DTEND"].dt if "DTEND" in event else start
    return instant(start), instant(end)


def main(argv):
    if len(argv) not in (5, 7) or (len(argv) == 7 and argv[5] != "--dump"):
        sys.exit(__doc__)
    path, start, stop, runs = argv[1], argv[2], argv[3], int(argv[4])
    window = [dt.datetime.fromisoformat(x.replace("Z", "+00:00")).astimezone(UTC) for x in (start, stop)]
    t0 = time.process_time_ns()
    with open(path, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    load = time.process_time_ns() - t0
    samples, events = [], []
    for _ in range(runs):
        t0 = time.process_time_ns()
        events = recurring_ical_events.of(cal).between(window[0], window[1])
        samples.append(time.process_time_ns() - t0)
    if len(argv) == 7:
        with open(argv[6], "w") as out:
            for e in events:
                s, t = bounds(e)
                out.write(f"{e['UID']}\t{s}\t{t}\n")
    versions = ", ".join(f"{p} {metadata.version(p)}" for p in ("recurring-ical-events", "icalendar", "python-dateutil"))
    print(f"{int(statistics.median(samples))}\t{len(events)}\t{runs}\t{min(samples)}\t{max(samples)}\t{load}\t{versions}")


if __name__ == "__main__":
    main(sys.argv)

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
import sys

import recurring_ical_events
from peer_run import instant, run


def bounds(event):
    start = event["DTSTART"].dt
    end = event["DTEND"].dt if "DTEND" in event else start
    return instant(start), instant(end)


def main(argv):
    events, _, _, dump, report = run(argv, __doc__, lambda cal, a, b: recurring_ical_events.of(cal).between(a, b))
    if dump:
        with open(dump, "w") as out:
            for e in events:
                s, t = bounds(e)
                out.write(f"{e['UID']}\t{s}\t{t}\n")
    report(len(events))


if __name__ == "__main__":
    main(sys.argv)

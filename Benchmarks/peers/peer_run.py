"""What the recurring-ical-events peers of the benchmark suite share
(recurring_ical_events_query.py for C2, recurring_ical_events_alarms.py for
AL1): the arguments `FILE FROM TO N [--dump PATH]`, reading the file once
untimed, timing N queries in CPU time, and the line the suite reads:

    median_ns  count  N  min_ns  max_ns  load_ns  versions
"""
import datetime as dt
import importlib.metadata as metadata
import statistics
import sys
import time

import icalendar

UTC = dt.timezone.utc


def instant(value):
    """Epoch seconds of a date or date-time: aware as is, naive and dates in UTC."""
    if isinstance(value, dt.datetime):
        return int((value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp())
    return int(dt.datetime(value.year, value.month, value.day, tzinfo=UTC).timestamp())


def run(argv, usage, query):
    """Reads the arguments (exits with `usage` when they are wrong) and the
    calendar, then asks `query(cal, start, stop)` N times, each timed.
    Returns the last answer, the calendar, the window, the dump path (or
    None) and a function that prints the suite's line for a count and an
    optional note."""
    if len(argv) not in (5, 7) or (len(argv) == 7 and argv[5] != "--dump"):
        sys.exit(usage)
    path, start, stop, runs = argv[1], argv[2], argv[3], int(argv[4])
    window = [dt.datetime.fromisoformat(x.replace("Z", "+00:00")).astimezone(UTC) for x in (start, stop)]
    t0 = time.process_time_ns()
    with open(path, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    load = time.process_time_ns() - t0
    samples, answer = [], []
    for _ in range(runs):
        t0 = time.process_time_ns()
        answer = query(cal, window[0], window[1])
        samples.append(time.process_time_ns() - t0)
    versions = ", ".join(f"{p} {metadata.version(p)}" for p in ("recurring-ical-events", "icalendar", "python-dateutil"))

    def report(count, note=None):
        suffix = f"; {note}" if note else ""
        print(f"{int(statistics.median(samples))}\t{count}\t{runs}\t{min(samples)}\t{max(samples)}\t{load}\t{versions}{suffix}")

    return answer, cal, window, (argv[6] if len(argv) == 7 else None), report

/*
 * The libical peer of the differential harness (Tools/differential/differential.py).
 *
 * Reads requests on stdin, one per line, fields separated by tabs:
 *
 *     id  dtstart  tzid  rrule  before  limit
 *
 * dtstart and before are YYYYMMDDTHHMMSS (floating, or local in tzid when tzid
 * is not empty), YYYYMMDDTHHMMSSZ (UTC) or YYYYMMDD (a DATE, printed 1997-09-02);
 * before may be empty (no bound). The rule may carry RFC 7529's RSCALE and SKIP
 * (libical built with ICU expands them).
 * Writes one line per request, flushed at once (the harness reads a crash or
 * a hang as "the request after the last answered one"):
 *
 *     id  ok  truncated(0|1)  occurrence,occurrence,...
 *     id  error  message
 *
 * Occurrences are printed as Almanac prints them: floating 1997-09-02T09:00:00,
 * UTC 1997-09-02T13:00:00Z, zoned 1997-09-02T09:00:00-04:00 (local time of the
 * instant libical gives, and the zone's offset there).
 *
 * Expansion is libical's own: icalrecurrencetype_from_string, then
 * icalrecur_iterator_new / icalrecur_iterator_next from DTSTART.
 * Zones come from icaltimezone_get_builtin_timezone (the system's zoneinfo).
 *
 * Built by the harness: cc -O2 -o BUILD/libical-peer libical_peer.c -lical
 */
#include <libical/ical.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

/* The request being answered, for the CPU-time limit's handler. */
static char current_id[256];

/* After 0.5 s of CPU time (DIFF_CPU_LIMIT_US) on one request: answer "timeout" and stop (the harness restarts
 * the peer after this request). CPU time, so a loaded machine does not make libical "slow". */
static void on_timeout(int sig)
{
    (void)sig;
    char line[300];
    size_t n = strlen(current_id);
    memcpy(line, current_id, n);
    memcpy(line + n, "\ttimeout\n", 9);
    if (write(1, line, n + 9) < 0) _exit(4);
    _exit(3);
}

static void limit_cpu(long usec)
{
    struct itimerval t = {{0, 0}, {usec / 1000000, usec % 1000000}};
    setitimer(ITIMER_VIRTUAL, &t, NULL);
}

static void put_time(char *out, size_t n, struct icaltimetype t, icaltimezone *zone, int utc)
{
    if (t.is_date) {
        snprintf(out, n, "%04d-%02d-%02d", t.year, t.month, t.day);
    } else if (zone) {
        time_t tt = icaltime_as_timet_with_zone(t, zone);
        struct icaltimetype local = icaltime_from_timet_with_zone(tt, 0, zone);
        int is_daylight = 0;
        int off = icaltimezone_get_utc_offset(zone, &local, &is_daylight);
        int a = off < 0 ? -off : off;
        int w = snprintf(out, n, "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d", local.year, local.month, local.day,
                         local.hour, local.minute, local.second, off < 0 ? '-' : '+', a / 3600, a / 60 % 60);
        if (a % 60) snprintf(out + w, n - (size_t)w, ":%02d", a % 60);
    } else {
        snprintf(out, n, "%04d-%02d-%02dT%02d:%02d:%02d%s", t.year, t.month, t.day, t.hour, t.minute, t.second,
                 utc ? "Z" : "");
    }
}

/* An instant to order by: zoned times through their zone, others as UTC. */
static time_t key(struct icaltimetype t, icaltimezone *zone)
{
    return zone ? icaltime_as_timet_with_zone(t, zone) : icaltime_as_timet(t);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("libical %s\n", ICAL_VERSION);
        return 0;
    }
    static char line[1 << 16];
    static char buf[1 << 20];
    char occ[64];
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    signal(SIGVTALRM, on_timeout);
    const char *cpu = getenv("DIFF_CPU_LIMIT_US");  /* the CPU-time limit per request, default 0.5 s */
    long cpu_limit = cpu ? atol(cpu) : 500000;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *field[6] = {0};
        char *p = line;
        for (int i = 0; i < 6; i++) {
            field[i] = p;
            char *tab = p ? strchr(p, '\t') : NULL;
            if (tab) { *tab = 0; p = tab + 1; } else { p = NULL; }
        }
        const char *id = field[0];
        snprintf(current_id, sizeof current_id, "%s", id);
        if (!field[5]) { printf("%s\terror\tneeds 6 tab-separated fields\n", id); fflush(stdout); continue; }
        const char *dtstart = field[1], *tzid = field[2], *rrule = field[3], *before = field[4];
        int limit = atoi(field[5]);
        int utc = dtstart[strlen(dtstart) - 1] == 'Z';

        icaltimezone *zone = NULL;
        if (*tzid) {
            zone = icaltimezone_get_builtin_timezone(tzid);
            if (!zone) { printf("%s\terror\tunknown zone %s\n", id, tzid); fflush(stdout); continue; }
        }
        icalerror_clear_errno();
        struct icalrecurrencetype recur = icalrecurrencetype_from_string(rrule);
        if (recur.freq == ICAL_NO_RECURRENCE || icalerrno != ICAL_NO_ERROR) {
            printf("%s\terror\tlibical rejects the rule (%s)\n", id, icalerror_strerror(icalerrno));
            fflush(stdout);
            continue;
        }
        struct icaltimetype start = icaltime_from_string(dtstart);
        if (icaltime_is_null_time(start)) { printf("%s\terror\tbad dtstart\n", id); fflush(stdout); continue; }
        if (zone) start = icaltime_set_timezone(&start, zone);
        int bounded = *before != 0;
        time_t end = 0;
        if (bounded) {
            struct icaltimetype b = icaltime_from_string(before);
            if (zone && !icaltime_is_utc(b)) b = icaltime_set_timezone(&b, zone);
            end = key(b, icaltime_is_utc(b) ? NULL : zone);
        }
        limit_cpu(cpu_limit);
        icalrecur_iterator *it = icalrecur_iterator_new(recur, start);
        if (!it) { printf("%s\terror\ticalrecur_iterator_new failed (%s)\n", id, icalerror_strerror(icalerrno)); fflush(stdout); continue; }
        size_t used = 0;
        int n = 0, truncated = 0;
        buf[0] = 0;
        for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t); t = icalrecur_iterator_next(it)) {
            if (zone) t = icaltime_set_timezone(&t, zone);
            if (bounded && key(t, zone) >= end) break;
            if (n == limit) { truncated = 1; break; }
            put_time(occ, sizeof occ, t, zone, utc);
            used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", n ? "," : "", occ);
            n++;
        }
        limit_cpu(0);
        icalrecur_iterator_free(it);
        printf("%s\tok\t%d\t%s\n", id, truncated, buf);
        fflush(stdout);
    }
    return 0;
}

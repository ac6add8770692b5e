// See include/clibical.h.
#include "clibical.h"

#include <libical/ical.h>
#include <stddef.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int64_t clibical_count_events(void *component, int64_t *errors) {
    icalcomponent *calendar = component;
    int64_t events = 0;
    for (icalcomponent *c = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); c;
         c = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        events++;
    }
    // X-LIC-ERROR properties in the calendar and every component under it.
    if (errors) *errors = icalcomponent_count_errors(calendar);
    return events;
}

void *clibical_parse(const char *text) {
    return icalparser_parse_string(text);
}

void clibical_free(void *component) {
    if (component) icalcomponent_free(component);
}

int64_t clibical_parse_count_free(const char *text) {
    icalcomponent *calendar = icalparser_parse_string(text);
    if (!calendar) return -1;
    int64_t events = clibical_count_events(calendar, NULL);
    icalcomponent_free(calendar);
    return events;
}

int64_t clibical_malloc_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    struct mallinfo2 m = mallinfo2();
    return (int64_t)(m.uordblks + m.hblkhd);
#else
    return -1;
#endif
}

void clibical_malloc_trim(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

// --- F1's peer: libical's free/busy (icalspanlist_new, libicalss).

#include <libical/icalss.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void *clibical_spanlist_set(const char *text) {
    icalcomponent *root = icalparser_parse_string(text);
    if (!root) return NULL;
    // icalfileset_new creates the file when it does not exist: an empty
    // set. The components are added in memory; the set is never freed
    // (freeing it would write them to the file), so the file stays empty.
    char path[] = "/tmp/almanac-bench-spanlist-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    close(fd);
    unlink(path);
    icalset *set = icalfileset_new(path);
    if (!set) return NULL;
    int n = icalcomponent_count_components(root, ICAL_ANY_COMPONENT);
    icalcomponent **children = malloc(sizeof(icalcomponent *) * (size_t)(n > 0 ? n : 1));
    int k = 0;
    for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT); c;
         c = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)) {
        children[k++] = c;
    }
    for (int i = 0; i < k; i++) {
        icalcomponent_remove_component(root, children[i]);
        icalfileset_add_component(set, children[i]);
    }
    free(children);
    icalcomponent_free(root);
    return set;
}

static struct icaltimetype clibical_utc(int64_t seconds) {
    return icaltime_from_timet_with_zone((time_t)seconds, 0, icaltimezone_get_utc_timezone());
}

int64_t clibical_spanlist_run(void *set, int64_t start, int64_t end) {
    icalspanlist *sl = icalspanlist_new((icalset *)set, clibical_utc(start), clibical_utc(end));
    if (!sl) return -1;
    icalspanlist_free(sl);
    return 0;
}

int64_t clibical_spanlist_busy(void *set, int64_t start, int64_t end, int64_t *out, int64_t capacity) {
    icalspanlist *sl = icalspanlist_new((icalset *)set, clibical_utc(start), clibical_utc(end));
    if (!sl) return -1;
    icalcomponent *fb = icalspanlist_as_vfreebusy(sl, "MAILTO:a@example.com", "MAILTO:b@example.com");
    icalspanlist_free(sl);
    if (!fb) return -1;
    int64_t n = 0;
    for (icalproperty *p = icalcomponent_get_first_property(fb, ICAL_FREEBUSY_PROPERTY); p;
         p = icalcomponent_get_next_property(fb, ICAL_FREEBUSY_PROPERTY)) {
        struct icalperiodtype period = icalproperty_get_freebusy(p);
        if (2 * n + 1 < capacity) {
            out[2 * n] = (int64_t)icaltime_as_timet_with_zone(period.start, icaltimezone_get_utc_timezone());
            out[2 * n + 1] = (int64_t)icaltime_as_timet_with_zone(period.end, icaltimezone_get_utc_timezone());
        }
        n++;
    }
    icalcomponent_free(fb);
    return n;
}

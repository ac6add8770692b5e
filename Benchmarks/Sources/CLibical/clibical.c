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

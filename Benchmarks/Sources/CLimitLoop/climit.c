#include "climit.h"
#include <stddef.h>

// One body per case, inlined twice: with and without the output buffers, so
// the measured loop (no buffers) has no store and no branch on them.
static inline __attribute__((always_inline))
int64_t local_loop(const int64_t *t, const int32_t *o, int64_t n, int64_t l,
                   const int64_t *steps, int64_t nsteps, int64_t count,
                   int64_t *oi, int32_t *oo, int write) {
    int64_t sum = 0, j = 0, k = 0;
    for (int64_t i = 0; i < count; i++) {
        int64_t u = l - o[j];
        while (j < n && u >= t[j]) { j++; u = l - o[j]; }
        sum += u ^ o[j];
        if (write) { oi[i] = u; oo[i] = o[j]; }
        l += steps[k];
        if (++k == nsteps) k = 0;
    }
    return sum;
}

int64_t climit_local(const int64_t *transitions, const int32_t *offsets, int64_t n,
                     int64_t first_local, const int64_t *steps, int64_t nsteps, int64_t count,
                     int64_t *out_instants, int32_t *out_offsets) {
    if (out_instants != NULL && out_offsets != NULL)
        return local_loop(transitions, offsets, n, first_local, steps, nsteps, count, out_instants, out_offsets, 1);
    return local_loop(transitions, offsets, n, first_local, steps, nsteps, count, NULL, NULL, 0);
}

static inline __attribute__((always_inline))
int64_t elapsed_loop(const int64_t *t, const int32_t *o, int64_t n, int64_t u, int64_t step,
                     int64_t count, int64_t *oi, int32_t *oo, int write) {
    int64_t sum = 0, j = 0;
    for (int64_t i = 0; i < count; i++) {
        while (j < n && u >= t[j]) j++;
        sum += u ^ o[j];
        if (write) { oi[i] = u; oo[i] = o[j]; }
        u += step;
    }
    return sum;
}

int64_t climit_elapsed(const int64_t *transitions, const int32_t *offsets, int64_t n,
                       int64_t first_utc, int64_t step, int64_t count,
                       int64_t *out_instants, int32_t *out_offsets) {
    if (out_instants != NULL && out_offsets != NULL)
        return elapsed_loop(transitions, offsets, n, first_utc, step, count, out_instants, out_offsets, 1);
    return elapsed_loop(transitions, offsets, n, first_utc, step, count, NULL, NULL, 0);
}

// Month stepping: `day` is the month's first day (days since 1970-01-01),
// advanced by the month's length; February's length is the only leap test.
static inline __attribute__((always_inline))
int month_length(int64_t year, int month) {
    static const int8_t lengths[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) return 29;
    return lengths[month];
}

static inline __attribute__((always_inline))
int64_t months_loop(const int64_t *t, const int32_t *o, int64_t n, int64_t day, int64_t year, int month,
                    int64_t second, int pick, int64_t count, int64_t *oi, int32_t *oo, int write) {
    int64_t sum = 0, j = 0;
    for (int64_t i = 0; i < count;) {
        int length = month_length(year, month);
        int64_t d;
        int hit = 1;
        if (pick == CLIMIT_DAY_31) {
            d = day + 30;
            hit = length == 31;
        } else {
            d = day + length - 1;
            int64_t w = ((d + 3) % 7 + 7) % 7;     // 0 = Monday (1970-01-01 was a Thursday)
            if (w >= 5) d -= w - 4;                 // Saturday, Sunday: back to Friday
        }
        if (hit) {
            int64_t l = d * 86400 + second;
            int64_t u = l - o[j];
            while (j < n && u >= t[j]) { j++; u = l - o[j]; }
            sum += u ^ o[j];
            if (write) { oi[i] = u; oo[i] = o[j]; }
            i++;
        }
        day += length;
        if (++month == 13) { month = 1; year++; }
    }
    return sum;
}

int64_t climit_months(const int64_t *transitions, const int32_t *offsets, int64_t n,
                      int64_t first_day, int64_t year, int month, int64_t second, int pick, int64_t count,
                      int64_t *out_instants, int32_t *out_offsets) {
    if (out_instants != NULL && out_offsets != NULL)
        return months_loop(transitions, offsets, n, first_day, year, month, second, pick, count, out_instants, out_offsets, 1);
    if (pick == CLIMIT_DAY_31)
        return months_loop(transitions, offsets, n, first_day, year, month, second, CLIMIT_DAY_31, count, NULL, NULL, 0);
    return months_loop(transitions, offsets, n, first_day, year, month, second, CLIMIT_LAST_WEEKDAY, count, NULL, NULL, 0);
}

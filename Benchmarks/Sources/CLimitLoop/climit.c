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

// The Tally's step, as Kernels.swift's `Tally.add(seconds:offset:local:)`.
#define FNV 0x100000001B3ULL

static inline __attribute__((always_inline)) int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// The day of the month of a day number (days since 1970-01-01), after
// Howard Hinnant's days_from_civil inverse.
static inline __attribute__((always_inline)) int64_t day_of_month(int64_t z) {
    z += 719468;
    int64_t era = floor_div(z, 146097);
    uint64_t doe = (uint64_t)(z - era * 146097);
    uint64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    uint64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    uint64_t mp = (5 * doy + 2) / 153;
    return (int64_t)(doy - (153 * mp + 2) / 5 + 1);
}

static inline __attribute__((always_inline)) uint64_t tally_step(uint64_t h, int64_t u, int32_t off, int64_t local) {
    int64_t days = floor_div(local, 86400);
    int64_t clock = day_of_month(days) * 86400 + (local - days * 86400);
    h = (h ^ (uint64_t)u) * FNV;
    h = (h ^ (uint64_t)(uint32_t)off) * FNV;
    return (h ^ (uint64_t)clock) * FNV;
}

climit_tally climit_local_tally(const int64_t *t, const int32_t *o, int64_t n,
                                int64_t l, const int64_t *steps, int64_t nsteps, int64_t count) {
    uint64_t h = 0xCBF29CE484222325ULL;
    int64_t j = 0, k = 0;
    for (int64_t i = 0; i < count; i++) {
        int64_t u = l - o[j];
        while (j < n && u >= t[j]) { j++; u = l - o[j]; }
        h = tally_step(h, u, o[j], l);
        l += steps[k];
        if (++k == nsteps) k = 0;
    }
    return (climit_tally){ count, h };
}

climit_tally climit_elapsed_tally(const int64_t *t, const int32_t *o, int64_t n,
                                  int64_t u, int64_t step, int64_t count) {
    uint64_t h = 0xCBF29CE484222325ULL;
    int64_t j = 0;
    for (int64_t i = 0; i < count; i++) {
        while (j < n && u >= t[j]) j++;
        h = tally_step(h, u, o[j], u + o[j]);
        u += step;
    }
    return (climit_tally){ count, h };
}

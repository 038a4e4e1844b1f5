/* The seeds and deals of cardlib, in plain C (bench references only; see bench/c/driver.py).
 *
 * - hand_seed(s, i) = mix(mix(s ^ G) + i * M1) >> 1 (cardlib/seeds.py), game_hand_seed for games;
 * - the bots' stream: SplitMix64 started at hand_state(s, i) = mix(mix(s ^ G) + i * M1),
 *   below(n) = ((next() >> 11) * n) >> 53 (cardlib/fast/_rng.py);
 * - deal_counter: the deal of every engine (cardlib.rng.Rng's shuffle): SplitMix64 started at the
 *   hand seed itself, Fisher-Yates from the end with j = below(i + 1); no float.
 */
#ifndef CARDLIB_DEAL_H
#define CARDLIB_DEAL_H

#include <stdint.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define M1 0xBF58476D1CE4E5B9ULL
#define M2 0x94D049BB133111EBULL

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * M1;
    z = (z ^ (z >> 27)) * M2;
    return z ^ (z >> 31);
}

static inline uint64_t hand_state(uint64_t seed, uint64_t i) { return mix64(mix64(seed ^ GOLDEN) + i * M1); }
static inline int64_t hand_seed(uint64_t seed, uint64_t i) { return (int64_t)(hand_state(seed, i) >> 1); }
static inline int64_t game_hand_seed(uint64_t seed, uint64_t g, uint64_t h) {
    return hand_seed((seed + g) & 0x7FFFFFFFFFFFFFFFULL, h);
}

/* one draw of a SplitMix64 stream: 0..n-1 (n < 2**11) */
static inline int64_t below(uint64_t *st, int64_t n) {
    *st += GOLDEN;
    return (int64_t)(((mix64(*st) >> 11) * (uint64_t)n) >> 53);
}

/* ---------------------------------------------------------------- the deal */
static inline void deal_counter(uint64_t seed, int64_t *deck, int n) {
    uint64_t z = seed;
    for (int i = n - 1; i > 0; i--) {
        int64_t j = below(&z, i + 1);
        int64_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

#endif

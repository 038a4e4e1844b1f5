/* The seeds and deals of cardlib, in plain C (bench references only; see bench/c/driver.py).
 *
 * - hand_seed(s, i) = mix(mix(s ^ G) + i * M1) >> 1 (cardlib/seeds.py), game_hand_seed for games;
 * - the bots' stream: SplitMix64 started at hand_state(s, i) = mix(mix(s ^ G) + i * M1),
 *   below(n) = ((next() >> 11) * n) >> 53 (cardlib/fast/_rng.py);
 * - deal_mt: today's reference deal, Python's random.Random(hand seed).shuffle of the canonical deck
 *   (CPython's init_by_array on the 32-bit words of the seed, genrand_uint32, random() with 53 bits,
 *   j = (int)(random() * (i + 1)) from the end), bit for bit;
 * - deal_counter: the counter-based deal planned for every engine (issue 17, part 2): SplitMix64
 *   started at the hand seed itself, Fisher-Yates from the end with j = below(i + 1); no float.
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

/* ---------------------------------------------------------------- the counter-based deal (part 2) */
static inline void deal_counter(uint64_t seed, int64_t *deck, int n) {
    uint64_t z = seed;
    for (int i = n - 1; i > 0; i--) {
        int64_t j = below(&z, i + 1);
        int64_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

/* ---------------------------------------------------------------- CPython's Mersenne Twister */
#define MT_N 624
#define MT_M 397
typedef struct { uint32_t mt[MT_N]; int idx; } mt_state;

static uint32_t MT_INIT[MT_N];   /* init_genrand(19650218), where every init_by_array starts */

static void mt_init_table(void) {
    MT_INIT[0] = 19650218U;
    for (int i = 1; i < MT_N; i++)
        MT_INIT[i] = 1812433253U * (MT_INIT[i - 1] ^ (MT_INIT[i - 1] >> 30)) + (uint32_t)i;
}

static void mt_seed(mt_state *s, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int keylen = key[1] ? 2 : 1;
    uint32_t *mt = s->mt;
    for (int k = 0; k < MT_N; k++) mt[k] = MT_INIT[k];
    int i = 1, j = 0;
    for (int k = MT_N > keylen ? MT_N : keylen; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= keylen) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000U;
    s->idx = MT_N;
}

static void mt_twist(mt_state *s) {
    uint32_t *mt = s->mt, y;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    for (; kk < MT_N - 1; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    s->idx = 0;
}

static inline uint32_t mt_u32(mt_state *s) {
    if (s->idx >= MT_N) mt_twist(s);
    uint32_t y = s->mt[s->idx++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline double mt_random(mt_state *s) {
    uint32_t a = mt_u32(s) >> 5, b = mt_u32(s) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static void deal_mt(mt_state *s, uint64_t seed, int64_t *deck, int n) {
    mt_seed(s, seed);
    for (int i = n - 1; i > 0; i--) {
        int64_t j = (int64_t)(mt_random(s) * (i + 1));
        int64_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

#endif

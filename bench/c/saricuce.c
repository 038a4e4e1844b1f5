/* Sarı Cüce random playouts in plain C: the physical limit for cardlib.fast's kernel (bench only).
 *
 * The same rules, options, move order and random streams as cardlib/fast/_saricuce.py (one bit mask a
 * hand, popcount, the k-th set bit), so with the same deal it plays the very same hands: `table` mode
 * prints them for bench/c_bench.py to compare with the kernel's table, `replay` mode plays records
 * read on stdin (checked against the reference engine's results), `bench` mode times a run.
 *
 *   saricuce bench|table N_HANDS PLAYERS SEED OPTS GAMES     OPTS: nj_encode's numbers, comma-separated
 *   saricuce replay < lines "n dealer OPTS | loc x52 | chips x n | board x5 | moves..."
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "deal.h"

#define STOP 53
#define DEAD (-1)
#define PLAYED (-2)
enum { ERR_ILLEGAL = 1, ERR_SHORT = 2, ERR_LONG = 3, ERR_CHIPS = 4 };

static const int BOX_CARDS[5] = {22, 10, 50, 38, 19};   /* 10D JC QS KH 7D */
static int BOX_OF[52];
static uint64_t BOX_MASK, RANK_MASK[14];
static int64_t POINTS[52];

static void init_tables(void) {
    for (int c = 0; c < 52; c++) { BOX_OF[c] = -1; POINTS[c] = c % 13 + 1 < 10 ? c % 13 + 1 : 10; }
    for (int b = 0; b < 5; b++) { BOX_OF[BOX_CARDS[b]] = b; BOX_MASK |= 1ULL << BOX_CARDS[b]; }
    for (int r = 1; r <= 13; r++)
        for (int su = 0; su < 4; su++) RANK_MASK[r] |= 1ULL << (su * 13 + r - 1);
}

typedef struct {   /* one hand's outcome */
    int winner, opera, moves, leads, stalls, kings, stops, swept, game, hand, dealer;
    int64_t seed;
    int64_t paid[8], doubled[8], captured[8], chips[8], board[5];
} row_t;

typedef struct {
    int n, skip_rank, per_card, doubling, double_pay, single_run, per, start, bankruptcy, limit,
        allow_stop;
} opts_t;

static void parse_opts(const char *text, int n, opts_t *o) {
    long v[10] = {0};
    char *p = (char *)text;
    for (int k = 0; k < 10; k++) { v[k] = strtol(p, &p, 10); if (*p == ',') p++; }
    o->n = n; o->skip_rank = v[0]; o->per_card = v[1]; o->doubling = v[2]; o->double_pay = v[3];
    o->single_run = v[4]; o->per = v[5]; o->start = v[6]; o->bankruptcy = v[7]; o->limit = v[8];
    o->allow_stop = v[9];
}

/* Play one dealt hand (hm: the hands as masks), stakes to settlement, as _saricuce.run does. */
static int play_hand(const opts_t *o, int dealer, uint64_t *hm, int64_t *chips, int64_t *board,
                     uint64_t st, const int *script, int n_script, row_t *r) {
    int n = o->n;
    for (int s = 0; s < n; s++) if (chips[s] < 15) return ERR_CHIPS;
    for (int s = 0; s < n; s++) { chips[s] -= 15; r->captured[s] = 0; }
    for (int b = 0; b < 5; b++) board[b] += (b + 1) * n;
    int to_act = dealer + 1 == n ? 0 : dealer + 1, needed = 0, last = to_act, played_by = 0, run_ok = 1;
    int leads = 0, stalls = 0, kings = 0, stops = 0, moves = 0, win = -1, need = 0;
    for (;;) {
        uint64_t m = hm[to_act], legal;
        int k, can_stop, c;
        if (needed == 0) {
            legal = m; leads++;
            if (leads > 1) run_ok = 0;
            k = __builtin_popcountll(legal); can_stop = 0;
        } else {
            legal = m & RANK_MASK[needed];
            k = __builtin_popcountll(legal); can_stop = o->allow_stop;
        }
        if (script) {
            if (moves >= n_script) { r->moves = moves; return ERR_SHORT; }
            int mv = script[moves];
            if (mv == STOP && can_stop) c = STOP;
            else if (mv >= 0 && mv < 52 && ((legal >> mv) & 1)) c = mv;
            else { r->moves = moves; return ERR_ILLEGAL; }
        } else {
            int kk = can_stop ? k + 1 : k;
            int idx = kk == 1 ? 0 : (int)below(&st, kk);
            if (idx == k) c = STOP;
            else { uint64_t x = legal; for (int j = 0; j < idx; j++) x &= x - 1; c = __builtin_ctzll(x); }
        }
        moves++;
        if (c == STOP) {   /* NJ-F2 */
            stops++;
            need = needed;
            uint64_t rm = RANK_MASK[need];
            int s = to_act + 1 == n ? 0 : to_act + 1, found = -1;
            while (s != last) {
                if (hm[s] & rm) { found = s; break; }
                if (++s == n) s = 0;
            }
            if (found >= 0) { to_act = found; continue; }
            if (o->skip_rank && need < 13) { need++; run_ok = 0; }
            else { stalls++; to_act = last; needed = 0; continue; }
        } else {
            uint64_t cb = 1ULL << c;
            m ^= cb; hm[to_act] = m;
            played_by |= 1 << to_act;
            if (BOX_MASK & cb) {   /* NJ-19 */
                int b = BOX_OF[c];
                chips[to_act] += board[b]; r->captured[to_act] += board[b]; board[b] = 0;
            }
            if (m == 0) { win = to_act; break; }   /* NJ-20 */
            last = to_act;
            int rank = c % 13 + 1;
            if (rank == 13) { kings++; needed = 0; continue; }   /* NJ-17 */
            need = rank + 1;
        }
        for (;;) {   /* NJ-14 */
            uint64_t rm = RANK_MASK[need];
            int holder = -1, s = last;
            for (int d = 0; d < n; d++) {
                if (hm[s] & rm) { holder = s; break; }
                if (++s == n) s = 0;
            }
            if (holder >= 0) { to_act = holder; needed = need; break; }
            if (o->skip_rank && need < 13) { need++; run_ok = 0; continue; }   /* NJ-F3 */
            stalls++; to_act = last; needed = 0;   /* NJ-18 */
            break;
        }
    }
    if (script && moves != n_script) { r->moves = moves; return ERR_LONG; }
    /* settlement NJ-21..NJ-26 */
    int opera = played_by == (1 << win);
    if (o->single_run && !run_ok) opera = 0;
    int64_t swept = 0;
    if (opera && !o->double_pay)
        for (int b = 0; b < 5; b++) { swept += board[b]; chips[win] += board[b]; board[b] = 0; }
    r->paid[win] = 0; r->doubled[win] = 0;
    int s = win;
    for (int j = 1; j < n; j++) {
        if (++s == n) s = 0;
        uint64_t mm = hm[s];
        int64_t pay = 0;
        if (o->per_card) pay = __builtin_popcountll(mm);
        else while (mm) { pay += POINTS[__builtin_ctzll(mm)]; mm &= mm - 1; }
        if (opera && o->double_pay) pay *= 2;
        int64_t t = pay < chips[s] ? pay : chips[s];
        chips[s] -= t; chips[win] += t; r->paid[s] = t;
        int64_t dbl = 0;
        if (o->doubling && !opera) {
            uint64_t held = hm[s] & BOX_MASK;
            for (int b = 0; b < 5; b++)
                if (held & (1ULL << BOX_CARDS[b])) {
                    t = board[b] < chips[s] ? board[b] : chips[s];
                    chips[s] -= t; board[b] += t; dbl += t;
                }
        }
        r->doubled[s] = dbl;
    }
    r->winner = win; r->opera = opera; r->moves = moves; r->leads = leads; r->stalls = stalls;
    r->kings = kings; r->swept = (int)swept; r->stops = stops;
    for (int q = 0; q < n; q++) r->chips[q] = chips[q];
    for (int b = 0; b < 5; b++) r->board[b] = board[b];
    return 0;
}

static void print_row(const row_t *r, int n) {
    printf("%d %d %d %d %d %d %d %d %d %d %d %lld", r->winner, r->opera, r->moves, r->leads, r->stalls,
           r->kings, r->stops, r->swept, r->game, r->hand, r->dealer, (long long)r->seed);
    const int64_t *cols[4] = {r->paid, r->doubled, r->captured, r->chips};
    for (int q = 0; q < 4; q++) for (int s = 0; s < n; s++) printf(" %lld", (long long)cols[q][s]);
    for (int b = 0; b < 5; b++) printf(" %lld", (long long)r->board[b]);
    printf("\n");
}

/* A run of hands (or games) with random bots, as _saricuce.run; returns the moves played. */
static long long run(const opts_t *o, long long n_hands, uint64_t seed, int games, int print) {
    int n = o->n, dealer0 = n - 1, dealer = dealer0, fresh = 1;
    long long g = -1, h = 0, total = 0, check = 0;
    int64_t deck[52], chips[8], board[5];
    uint64_t hm[8];
    row_t r;
    for (long long i = 0; i < n_hands; i++) {
        if (games && !fresh) {
            int ok = o->bankruptcy || h < o->limit;
            for (int s = 0; s < n; s++) if (chips[s] < 15) ok = 0;
            if (!ok) fresh = 1;
        }
        if (fresh || !games) {
            g++; h = 0; dealer = dealer0;
            for (int s = 0; s < n; s++) chips[s] = o->start;
            for (int b = 0; b < 5; b++) board[b] = 0;
            fresh = 0;
        }
        int64_t hs = games ? game_hand_seed(seed, g, h) : hand_seed(seed, i);
        for (int c = 0; c < 52; c++) deck[c] = c;
        deal_counter((uint64_t)hs, deck, 52);
        for (int s = 0; s < n; s++) hm[s] = 0;
        int s = dealer + 1 == n ? 0 : dealer + 1;
        for (int k = 0; k < n * o->per; k++) { hm[s] |= 1ULL << deck[k]; if (++s == n) s = 0; }
        int err = play_hand(o, dealer, hm, chips, board, hand_state(seed, i), NULL, 0, &r);
        if (err) { fprintf(stderr, "saricuce: error %d at hand %lld\n", err, i); exit(1); }
        r.game = (int)g; r.hand = (int)h; r.dealer = dealer; r.seed = hs;
        total += r.moves;
        check += r.winner + r.paid[0];
        if (print) print_row(&r, n);
        h++;
        if (++dealer == n) dealer = 0;
    }
    return total + (check & 0);
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int replay_lines(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        int n = (int)strtol(p, &p, 10), dealer = (int)strtol(p, &p, 10);
        while (*p == ' ') p++;
        char optext[256]; int len = 0;
        while (*p && *p != ' ') optext[len++] = *p++;
        optext[len] = 0;
        opts_t o; parse_opts(optext, n, &o);
        int loc[52]; int64_t chips[8], board[5]; int script[4096], ns = 0;
        p = strchr(p, '|') + 1;
        for (int c = 0; c < 52; c++) loc[c] = (int)strtol(p, &p, 10);
        p = strchr(p, '|') + 1;
        for (int s = 0; s < n; s++) chips[s] = strtol(p, &p, 10);
        p = strchr(p, '|') + 1;
        for (int b = 0; b < 5; b++) board[b] = strtol(p, &p, 10);
        p = strchr(p, '|') + 1;
        for (;;) { char *q; long v = strtol(p, &q, 10); if (q == p) break; script[ns++] = (int)v; p = q; }
        uint64_t hm[8] = {0};
        for (int c = 0; c < 52; c++) if (loc[c] >= 0) hm[loc[c]] |= 1ULL << c;
        row_t r; memset(&r, 0, sizeof r);
        int err = play_hand(&o, dealer, hm, chips, board, 0, script, ns, &r);
        printf("%d", err);
        if (!err) {
            printf(" %d %d", r.winner, r.opera);
            const int64_t *cols[3] = {r.paid, r.doubled, r.chips};
            for (int q = 0; q < 3; q++) for (int s = 0; s < n; s++) printf(" %lld", (long long)cols[q][s]);
            for (int b = 0; b < 5; b++) printf(" %lld", (long long)r.board[b]);
        }
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv) {
    init_tables();
    if (argc >= 2 && !strcmp(argv[1], "replay")) return replay_lines();
    if (argc != 7) {
        fprintf(stderr, "usage: saricuce bench|table N_HANDS PLAYERS SEED OPTS GAMES | saricuce replay\n");
        return 2;
    }
    long long n_hands = atoll(argv[2]);
    int n = atoi(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    opts_t o; parse_opts(argv[5], n, &o);
    int games = atoi(argv[6]);
    if (!strcmp(argv[1], "table")) { run(&o, n_hands, seed, games, 1); return 0; }
    double t0 = cpu_seconds();
    long long moves = run(&o, n_hands, seed, games, 0);
    double dt = cpu_seconds() - t0;
    printf("{\"hands\": %lld, \"moves\": %lld, \"cpu_s\": %.6f}\n", n_hands, moves, dt);
    return 0;
}

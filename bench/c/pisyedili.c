/* Pis Yedili random playouts in plain C: the physical limit for cardlib.fast's kernel (bench only).
 *
 * The same rules, options (both presets, every option of RULES.md 2.3), canonical move order and random
 * streams as cardlib/fast/_pisyedili.py, so with the same deal it plays the very same hands: `table`
 * mode prints them for bench/c/driver.py to compare with the kernel's table, `replay` mode plays
 * records read on stdin (checked against the reference engine), `bench` mode times a run.  A hand is a
 * presence mask (bit c: at least one card c, 52 the joker) and counts (two decks); the playable cards are
 * one mask expression, expanded in ascending card order.  A move is card * 16 + (named suit + 1) * 2 + tek,
 * or DRAW / PASS / END.
 *
 *   pisyedili bench|table N_HANDS PLAYERS SEED OPTS DECK     OPTS: py_encode's 15 numbers; DECK: card
 *                                                             indices of make_deck, comma-separated
 *   pisyedili replay < lines "n dealer OPTS | hand sizes | hands (sorted) | stock (bottom first) |
 *                             moves | reshuffles: k at.. len.. cards.."
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "deal.h"

#define DRAW 1000
#define PASS 1001
#define END 1002
#define JOKER 52
#define CAP 112
#define MAXP 16
#define VALVE 2000
enum { PH_OPENING, PH_PLAY, PH_ACE };
enum { SUB_NONE, SUB_TEK_DRAW, SUB_TEK, SUB_AFTER_PENALTY, SUB_T5, SUB_ACE_DRAWN };
enum { R_OUT, R_STOCK, R_NO_PLAY, R_VALVE };
enum { ERR_ILLEGAL = 1, ERR_SHORT = 2, ERR_LONG = 3, ERR_CHANCE = 6 };
enum { O_SINGLE, O_DOUBLING3, O_MULTIPLIERS, O_PLAY_AFTER_PENALTY, O_TWO_PLAYER_SKIP, O_MUST_CHANGE,
       O_DECKS, O_JOKERS, O_FIRST_ROUND, O_ALL_DRAW, O_ACES_AT_ONCE, O_ACE_CANNOT_FINISH, O_RESHUFFLE,
       O_TEK, O_END_PENALTY, O_N };

static int RK[53], SU[53];
static const int VAL13[13] = {15, 2, 3, 4, 5, 6, 20, 8, 9, 10, 25, 10, 10};
static int VALUES[53], END_OWED[53];

typedef struct {
    int np, opt[O_N];
    int sn, dn, to_act, dir, phase, sub, pending, drawn, named, played, turns, idle, over, winner, mult,
        reason, ol_head, ol_len, drawn_card, moves, plays, draws, penalty_cards, reshuffles, ch_ptr,
        ch_card_ptr, err, last_card;
    int hsize[MAXP], tekf[MAXP], ol[MAXP], stock[CAP], disc[CAP];
    uint64_t pm[MAXP];          /* presence masks */
    uint8_t cnt[MAXP][53];      /* copies of each card held */
    int64_t scores[MAXP];
    uint64_t st;           /* the bots' and reshuffles' stream */
    int scripted;
    const int64_t *ch;     /* recorded reshuffles (replay) */
} S;

static inline void hand_add(S *w, int s, int c) {
    w->cnt[s][c]++; w->pm[s] |= 1ULL << c; w->hsize[s]++;
}

static inline void hand_remove(S *w, int s, int c) {
    if (--w->cnt[s][c] == 0) w->pm[s] &= ~(1ULL << c);
    w->hsize[s]--;
}

static void hand_clear(S *w, int s) {
    w->pm[s] = 0; w->hsize[s] = 0;
    memset(w->cnt[s], 0, sizeof w->cnt[s]);
}

static uint64_t SUITM[5], RANKM[14], JACKS, JOKERBIT, ALL, CLUBS;

/* the cards c with legal_on_top(c, pending, t, named), as a mask */
static inline uint64_t on_top_mask(int pending, int t, int named) {
    if (pending > 0) return RANKM[7];
    if (t < 0) return ALL;
    if (t == JOKER) return JOKERBIT | JACKS | (named >= 0 ? SUITM[named] : 0);
    if (RK[t] == 11) return JOKERBIT | (SUITM[named >= 0 ? named : 0] & ~JACKS);
    return JOKERBIT | JACKS | SUITM[SU[t]] | RANKM[RK[t]];
}

/* every move playing a card of mask m, in ascending card order (plays_for of each) */
static inline int plays_mask(uint64_t m, int *buf, int k, int tek_opt, int cur);

static inline int legal_on_top(int c, int pending, int t, int named) {
    if (pending > 0) return RK[c] == 7;
    if (t < 0) return 1;
    if (t == JOKER) return c == JOKER || RK[c] == 11 || SU[c] == named;
    if (RK[t] == 11) {
        if (c == JOKER) return 1;
        int nm = named >= 0 ? named : 0;
        return SU[c] == nm && RK[c] != 11;
    }
    return c == JOKER || RK[c] == 11 || SU[c] == SU[t] || RK[c] == RK[t];
}

static inline int plays_for(int c, int *buf, int k, int tek_opt, int cur) {
    if (c == JOKER || RK[c] == 11) {
        int excl = c == JOKER ? -2 : cur;
        for (int su = 0; su < 4; su++) {
            if (su == excl) continue;
            buf[k++] = c * 16 + (su + 1) * 2;
            if (tek_opt) buf[k++] = c * 16 + (su + 1) * 2 + 1;
        }
    } else {
        buf[k++] = c * 16;
        if (tek_opt) buf[k++] = c * 16 + 1;
    }
    return k;
}

static inline int can_draw(const S *w) { return w->sn > 0 || (w->opt[O_RESHUFFLE] && w->dn > 1); }

static inline int plays_mask(uint64_t m, int *buf, int k, int tek_opt, int cur) {
    while (m) {
        int c = __builtin_ctzll(m);
        m &= m - 1;
        k = plays_for(c, buf, k, tek_opt, cur);
    }
    return k;
}

static int legal(const S *w, int *buf) {
    int me = w->to_act, m = w->hsize[me], k = 0, sub = w->sub, pending = w->pending, dn = w->dn;
    uint64_t pm = w->pm[me];
    int top = dn > 0 ? w->disc[dn - 1] : -1, named = w->named;
    int tek_opt = w->opt[O_TEK] && m == 2, can = can_draw(w);
    if (w->phase == PH_OPENING) {
        uint64_t x = pm & CLUBS;
        if (top >= 0 && RK[top] == 11) x &= ~(1ULL << 10);
        while (x) {
            int c = __builtin_ctzll(x);
            x &= x - 1;
            buf[k++] = c * 16;
            if (tek_opt) buf[k++] = c * 16 + 1;
        }
        if (can) buf[k++] = DRAW;
        else if (k == 0) buf[k++] = PASS;
        return k;
    }
    int cur = -2;
    if (w->opt[O_MUST_CHANGE] && top >= 0) {
        if (top == JOKER || RK[top] == 11) cur = named >= 0 ? named : 0;
        else cur = SU[top];
    }
    if (sub == SUB_TEK_DRAW) {
        if (can) { buf[0] = DRAW; return 1; }
        sub = SUB_TEK;
    }
    uint64_t ok = on_top_mask(pending, top, named);
    if (sub == SUB_TEK) {   /* PY-T1b, PY-F10, PY-F15: only plays that keep a card; Aces first in an extra turn */
        if (m >= 2) {
            if (w->phase == PH_ACE && w->opt[O_ALL_DRAW] && w->opt[O_ACES_AT_ONCE])
                k = plays_mask(pm & RANKM[1], buf, k, tek_opt, cur);
            if (k == 0) k = plays_mask(pm & ok, buf, k, tek_opt, cur);
        }
        buf[k] = pending > 0 ? DRAW : (w->phase == PH_ACE && !w->opt[O_ALL_DRAW]) ? END : PASS;
        return k + 1;
    }
    if (sub == SUB_T5) {
        if (m == 0) { buf[0] = DRAW; return 1; }
        int c = w->drawn_card;
        if ((ok >> c) & 1) k = plays_for(c, buf, k, tek_opt, cur);
        buf[k] = PASS;
        return k + 1;
    }
    if (sub == SUB_ACE_DRAWN) {
        int c = w->drawn_card;
        if ((ok >> c) & 1) return plays_for(c, buf, k, tek_opt, cur);
        buf[0] = PASS;
        return 1;
    }
    if (sub == SUB_AFTER_PENALTY) {
        k = plays_mask(pm & ok, buf, k, tek_opt, cur);
        buf[k] = PASS;
        return k + 1;
    }
    if (w->phase == PH_ACE) {
        if (w->opt[O_ALL_DRAW] && w->opt[O_ACES_AT_ONCE]) {   /* PY-T3, not under follow (PY-F16) */
            k = plays_mask(pm & RANKM[1], buf, k, tek_opt, cur);
            if (k > 0) return k;
        }
        k = plays_mask(pm & ok, buf, k, tek_opt, cur);
        if (!w->opt[O_ALL_DRAW]) { buf[k] = END; return k + 1; }
        if (k == 0) { buf[0] = can ? DRAW : PASS; return 1; }
        return k;
    }
    k = plays_mask(pm & ok, buf, k, tek_opt, cur);
    if (pending > 0) { buf[k] = DRAW; return k + 1; }
    if (can && (!w->opt[O_SINGLE] || w->drawn == 0)) buf[k++] = DRAW;
    if (w->drawn > 0 || !can) buf[k++] = PASS;
    return k;
}

static void reshuffle(S *w) {
    int dn = w->dn, nu = dn - 1;
    if (w->scripted) {
        const int64_t *ch = w->ch;
        int p = w->ch_ptr, nk = (int)ch[0];
        if (p >= nk || ch[1 + p] != w->moves - 1 || ch[1 + nk + p] != nu) { w->err = ERR_CHANCE; return; }
        int q = 1 + 2 * nk + w->ch_card_ptr, cnt[53] = {0};
        for (int j = 0; j < nu; j++) { cnt[w->disc[j]]++; cnt[ch[q + j]]--; }
        for (int j = 0; j < 53; j++) if (cnt[j]) { w->err = ERR_CHANCE; return; }
        for (int j = 0; j < nu; j++) w->stock[j] = (int)ch[q + nu - 1 - j];
        w->ch_ptr = p + 1; w->ch_card_ptr += nu;
    } else {
        for (int j = 0; j < nu; j++) w->stock[j] = w->disc[j];
        for (int i = nu - 1; i > 0; i--) {
            int j = (int)below(&w->st, i + 1), t = w->stock[i];
            w->stock[i] = w->stock[j]; w->stock[j] = t;
        }
    }
    w->disc[0] = w->disc[dn - 1];
    w->dn = 1; w->sn = nu; w->reshuffles++;
}

static void finish(S *w, int winner, int mult, int reason) {
    w->over = 1; w->winner = winner; w->mult = mult; w->reason = reason;
}

static int draw_cards(S *w, int s, int want) {
    int got = 0, resh = w->opt[O_RESHUFFLE];
    for (int k = 0; k < want; k++) {
        if (w->sn == 0) {
            if (resh && w->dn > 1) { reshuffle(w); if (w->err) return got; }
            else break;
        }
        int c = w->stock[--w->sn];
        hand_add(w, s, c);
        w->drawn_card = c;
        got++;
        if (w->sn == 0 && !resh) break;
    }
    if (got > 0) {
        w->tekf[s] = 0;
        w->draws += got;
        if (w->sn == 0 && !resh) finish(w, -1, 1, R_STOCK);
    }
    return got;
}

static void begin_turn(S *w, int seat, int phase) {
    w->to_act = seat; w->phase = phase; w->drawn = 0; w->played = 0; w->sub = SUB_NONE;
    if (phase != PH_OPENING && w->opt[O_TEK] && w->hsize[seat] == 1 && !w->tekf[seat]) w->sub = SUB_TEK_DRAW;
}

static void end_turn(S *w, int nxt, int played, int phase) {
    w->turns++;
    w->idle = played ? 0 : w->idle + 1;
    if (!played && w->opt[O_RESHUFFLE] && w->idle >= w->np) { finish(w, -1, 1, R_NO_PLAY); return; }
    if (w->turns >= VALVE) { finish(w, -1, 1, R_VALVE); return; }
    begin_turn(w, nxt, phase);
}

static inline int next_seat(const S *w, int seat, int steps) {
    int x = (seat + w->dir * steps) % w->np;
    return x < 0 ? x + w->np : x;
}

static void end_out(S *w, int me, int card, int mult) {
    if (mult < 0) {
        mult = 1;
        if (w->opt[O_MULTIPLIERS]) {
            if (card == JOKER) mult = 10;
            else if (RK[card] == 7) mult = 3;
            else if (RK[card] == 11) mult = 2;
        }
    }
    if (w->opt[O_END_PENALTY]) {
        for (int k = 1; k < w->np; k++) {
            int s = next_seat(w, me, k), owed = 0;
            for (uint64_t x = w->pm[s]; x; x &= x - 1) {
                int c = __builtin_ctzll(x);
                owed += END_OWED[c] * w->cnt[s][c];
            }
            while (owed > 0) {
                if (!can_draw(w)) break;
                int got = draw_cards(w, s, 1);
                if (w->err) return;
                if (got == 0) break;
                owed += END_OWED[w->drawn_card] - 1;
            }
        }
    }
    finish(w, me, mult, R_OUT);
}

static void ace_draws(S *w, int me) {
    for (int k = 1; k < w->np; k++) {
        draw_cards(w, next_seat(w, me, k), 1);
        if (w->over || w->err) return;
    }
}

static void apply(S *w, int mv) {
    int me = w->to_act;
    w->moves++;
    if (mv == DRAW) {
        int sub = w->sub;
        if (w->phase == PH_OPENING) { w->drawn += draw_cards(w, me, 1); return; }
        if (sub == SUB_TEK_DRAW && can_draw(w)) { w->drawn += draw_cards(w, me, 1); w->sub = SUB_TEK; return; }
        if (w->pending > 0) {
            int c = w->pending, owed = w->opt[O_DOUBLING3] ? 3 << (c - 1) : 3 * c;
            int got = draw_cards(w, me, owed);
            w->penalty_cards += got; w->pending = 0;
            if (w->over || w->err) return;
            if (w->opt[O_PLAY_AFTER_PENALTY]) {   /* PY-F2, under the same tek penalty (PY-F15) */
                w->drawn += got;
                w->sub = sub == SUB_TEK || sub == SUB_TEK_DRAW ? SUB_TEK : SUB_AFTER_PENALTY;
                return;
            }
            end_turn(w, next_seat(w, me, 1), 0, PH_PLAY);
            return;
        }
        w->drawn += draw_cards(w, me, 1);
        if (w->over) return;
        if (w->phase == PH_ACE && sub == SUB_NONE) w->sub = SUB_ACE_DRAWN;
        return;
    }
    if (mv == PASS || mv == END) {
        if (w->phase == PH_OPENING) {
            w->ol_head++; w->ol_len--;
            int nxt = next_seat(w, me, 1);
            if (w->ol_len == 0 && w->dn == 0) { w->ol[0] = nxt; w->ol_head = 0; w->ol_len = 1; }
            if (w->ol_len > 0) nxt = w->ol[w->ol_head];
            end_turn(w, nxt, 0, w->ol_len > 0 ? PH_OPENING : PH_PLAY);
            return;
        }
        if (w->sub == SUB_T5) w->tekf[me] = 1;
        end_turn(w, next_seat(w, me, 1), w->played, PH_PLAY);
        return;
    }
    int c = mv >> 4, ns = ((mv >> 1) & 7) - 1;
    hand_remove(w, me, c);
    w->disc[w->dn++] = c;
    w->played = 1; w->plays++; w->last_card = c;
    int left = w->hsize[me];
    if (mv & 1) w->tekf[me] = 1;
    else if (left != 1) w->tekf[me] = 0;
    if (w->phase == PH_OPENING) {
        w->named = -1; w->ol_head++; w->ol_len--;
        if (left == 0) { end_out(w, me, c, -1); return; }
        int nxt = next_seat(w, me, 1);
        if (w->ol_len > 0) nxt = w->ol[w->ol_head];
        end_turn(w, nxt, 1, w->ol_len > 0 ? PH_OPENING : PH_PLAY);
        return;
    }
    int r = RK[c];
    w->named = (c == JOKER || r == 11) ? ns : -1;
    if (left == 0) {
        if (r == 1 && w->opt[O_ACE_CANNOT_FINISH]) {
            if (w->opt[O_ALL_DRAW]) { ace_draws(w, me); if (w->over || w->err) return; }
            w->phase = PH_ACE; w->drawn = 0; w->sub = SUB_T5;
            if (!can_draw(w)) end_out(w, me, c, 1);
            return;
        }
        end_out(w, me, c, -1);
        return;
    }
    if (r == 7) { w->pending++; end_turn(w, next_seat(w, me, 1), 1, PH_PLAY); }
    else if (r == 8) end_turn(w, next_seat(w, me, 2), 1, PH_PLAY);
    else if (r == 10) {
        w->dir = -w->dir;
        if (w->np == 2 && w->opt[O_TWO_PLAYER_SKIP]) end_turn(w, me, 1, PH_PLAY);
        else end_turn(w, next_seat(w, me, 1), 1, PH_PLAY);
    } else if (r == 1) {
        if (!w->opt[O_ALL_DRAW]) { w->phase = PH_ACE; if (w->sub != SUB_TEK) w->sub = SUB_NONE; }   /* PY-F15 */
        else { ace_draws(w, me); if (w->over || w->err) return; end_turn(w, me, 1, PH_ACE); }
    } else end_turn(w, next_seat(w, me, 1), 1, PH_PLAY);
}

static int play_hand(S *w, int dealer, const int64_t *script, int n_script) {
    static int buf[8 * CAP + 8];
    int n = w->np, first = (dealer + 1) % n;
    for (int k = 0; k < n; k++) { w->ol[k] = (first + k) % n; w->tekf[k] = 0; }
    w->to_act = w->phase = w->sub = w->pending = w->drawn = w->played = w->turns = w->idle = w->over = 0;
    w->reason = w->ol_head = w->moves = w->plays = w->draws = w->penalty_cards = w->reshuffles = 0;
    w->ch_ptr = w->ch_card_ptr = w->err = 0;
    w->dir = 1; w->named = -1; w->winner = -1; w->mult = 1; w->drawn_card = -1; w->last_card = -1;
    w->ol_len = w->opt[O_FIRST_ROUND] ? n : 1;
    begin_turn(w, first, PH_OPENING);
    while (!w->over) {
        int k = legal(w, buf), idx;
        if (w->scripted) {
            if (w->moves >= n_script) return ERR_SHORT;
            int64_t mv = script[w->moves];
            idx = -1;
            for (int j = 0; j < k; j++) if (buf[j] == mv) { idx = j; break; }
            if (idx < 0) return ERR_ILLEGAL;
        } else idx = k == 1 ? 0 : (int)below(&w->st, k);
        apply(w, buf[idx]);
        if (w->err) return w->err;
    }
    if (w->scripted) {
        if (w->moves != n_script) return ERR_LONG;
        if (w->ch_ptr != w->ch[0]) return ERR_CHANCE;
    }
    int64_t low = 1LL << 40;
    for (int s = 0; s < n; s++) {
        int64_t v = 0;
        for (uint64_t x = w->pm[s]; x; x &= x - 1) {
            int c = __builtin_ctzll(x);
            v += (int64_t)VALUES[c] * w->cnt[s][c];
        }
        w->scores[s] = v;
        if (v < low) low = v;
    }
    if (w->reason == R_OUT) {
        for (int s = 0; s < n; s++) w->scores[s] *= w->mult;
        w->scores[w->winner] = 0;
    } else
        for (int s = 0; s < n; s++) if (w->scores[s] == low) w->scores[s] = 0;
    return 0;
}

static void init_tables(void) {
    for (int c = 0; c < 52; c++) {
        RK[c] = c % 13 + 1; SU[c] = c / 13; VALUES[c] = VAL13[c % 13];
        END_OWED[c] = RK[c] == 7 ? 3 : RK[c] == 1 ? 1 : 0;
    }
    RK[JOKER] = 0; SU[JOKER] = 4; VALUES[JOKER] = 100; END_OWED[JOKER] = 10;
    for (int c = 0; c < 52; c++) {
        SUITM[c / 13] |= 1ULL << c; RANKM[c % 13 + 1] |= 1ULL << c;
        if (c % 13 == 10) JACKS |= 1ULL << c;
    }
    JOKERBIT = 1ULL << JOKER; ALL = (1ULL << 53) - 1; CLUBS = SUITM[0];
}

static int parse_ints(char **pp, int64_t *out, int max) {
    int k = 0; char *p = *pp;
    for (;;) {
        while (*p == ' ' || *p == ',') p++;
        char *q; long long v = strtoll(p, &q, 10);
        if (q == p || k >= max) break;
        out[k++] = v; p = q;
    }
    *pp = p;
    return k;
}

static void parse_opts(const char *text, S *w) {
    char *p = (char *)text; int64_t v[O_N + 5] = {0};
    parse_ints(&p, v, O_N + 5);
    if (v[O_N] || v[O_N + 1] || v[O_N + 2]) {   /* partnerships (PY-P5) or packets (PY-05b): not played here */
        fprintf(stderr, "pisyedili: partnerships and dealing in packets are not played by the C reference\n");
        exit(2);
    }
    for (int k = 0; k < O_N; k++) w->opt[k] = (int)v[k];
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int replay_lines(void) {
    static char line[1 << 20];
    static int64_t v[1 << 16], script[1 << 16], ch[1 << 16];
    static const int64_t no_ch[1] = {0};
    static S w;
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        memset(&w, 0, sizeof w);
        w.np = (int)strtol(p, &p, 10);
        int dealer = (int)strtol(p, &p, 10);
        while (*p == ' ') p++;
        char *bar = strchr(p, '|'); *bar = 0; parse_opts(p, &w); p = bar + 1;
        int n = w.np;
        int64_t sizes[MAXP];
        parse_ints(&p, sizes, n);
        p = strchr(p, '|') + 1;
        for (int s = 0; s < n; s++) {
            hand_clear(&w, s);
            parse_ints(&p, v, (int)sizes[s]);
            for (int j = 0; j < sizes[s]; j++) hand_add(&w, s, (int)v[j]);
        }
        p = strchr(p, '|') + 1;
        bar = strchr(p, '|'); *bar = 0;
        w.sn = parse_ints(&p, v, CAP); for (int j = 0; j < w.sn; j++) w.stock[j] = (int)v[j];
        p = bar + 1;
        bar = strchr(p, '|'); *bar = 0;
        int ns = parse_ints(&p, script, 1 << 16);
        p = bar + 1;
        int nch = parse_ints(&p, ch, 1 << 16);
        w.ch = nch ? ch : no_ch;
        w.scripted = 1; w.dn = 0;
        int err = play_hand(&w, dealer, script, ns);
        printf("%d", err);
        if (!err) {
            printf(" %d %d %d", w.winner, w.reason, w.mult);
            for (int s = 0; s < n; s++) printf(" %lld", (long long)w.scores[s]);
        }
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv) {
    init_tables();
    if (argc >= 2 && !strcmp(argv[1], "replay")) return replay_lines();
    if (argc != 7) {
        fprintf(stderr, "usage: pisyedili bench|table N_HANDS PLAYERS SEED OPTS DECK | pisyedili replay\n");
        return 2;
    }
    static S w;
    long long n_hands = atoll(argv[2]);
    w.np = atoi(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    parse_opts(argv[5], &w);
    int64_t deck0[CAP], deck[CAP];
    char *p = argv[6];
    int nd = parse_ints(&p, deck0, CAP), n = w.np, print = !strcmp(argv[1], "table");
    long long moves = 0;
    double t0 = cpu_seconds();
    for (long long i = 0; i < n_hands; i++) {
        int dealer = n - 1;
        int64_t hs = hand_seed(seed, i);
        memcpy(deck, deck0, nd * sizeof(int64_t));
        deal_counter((uint64_t)hs, deck, nd);
        for (int s = 0; s < n; s++) hand_clear(&w, s);
        for (int q = 0, s = (dealer + 1) % n; q < 7 * n; q++) { hand_add(&w, s, (int)deck[q]); if (++s == n) s = 0; }
        w.sn = 0;
        for (int q = nd - 1; q >= 7 * n; q--) w.stock[w.sn++] = (int)deck[q];
        w.dn = 0;
        w.st = hand_state(seed, i);
        int err = play_hand(&w, dealer, NULL, 0);
        if (err) { fprintf(stderr, "pisyedili: error %d at hand %lld\n", err, i); return 1; }
        moves += w.moves;
        if (print) {
            printf("%d %d %d %d %d %d %d %d %d %d %d %d", w.winner, w.reason == R_OUT ? 0 : 1, w.reason, w.mult,
                   w.moves, w.plays, w.draws, w.penalty_cards, w.turns, w.reshuffles, w.last_card, w.sn);
            for (int s = 0; s < n; s++) printf(" %lld", (long long)w.scores[s]);
            printf(" %lld\n", (long long)hs);
        }
    }
    double dt = cpu_seconds() - t0;
    if (!print) printf("{\"hands\": %lld, \"moves\": %lld, \"cpu_s\": %.6f}\n", n_hands, moves, dt);
    return 0;
}

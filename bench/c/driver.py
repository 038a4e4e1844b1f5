"""The C references: compile ``bench/c/*.c`` with gcc into a temporary directory, check them, time them.

``python -m bench.c.driver [--quick]`` prints the measures as JSON; ``bench/run.py`` (``make bench``)
calls :func:`run`; ``--paired-only`` prints only the paired timing of every option set (no checks).
Not a runtime dependency of cardlib: only the bench compiles C (``gcc -O2 -march=native``: numba compiles
for the host CPU too, so both may use ``popcnt``; ``-O3`` is timed for information).

The C programs play the same rules, options, canonical move order and random streams as the numba
kernels (``cardlib/saricuce/kernel/_kernel.py``, ``cardlib/pisyedili/kernel/_kernel.py``), so they are checked twice:

1. **against the reference engines**, record by record: hands dealt by ``Hand.deal(rules, seed)`` and
   played by the reference ``bots.RandomBot`` are replayed in C from their start (cards listed) and
   their moves (Turkish reshuffle orders included); C's winner, Opéra, payments, chips and board (Sarı
   Cüce) or winner, ending, multiplier and scores (Pis Yedili) must equal ``hand.result()``;
2. **against the kernels**: a random run of the C program prints its table,
   which must equal the fast engine's table column by column (the same deals, the same bot choices).

Rates are hands per CPU second of the C process (``CLOCK_PROCESS_CPUTIME_ID``, the deal included),
4 players, random bots.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
FLAGS = ("-O2", "-march=native")
PLAYERS = 4


class CUnavailable(RuntimeError):
    """No C compiler (the bench then says so)."""


def build(flags: tuple[str, ...] = FLAGS, out: Path | None = None) -> dict[str, Path]:
    """Compile ``saricuce.c`` and ``pisyedili.c``; returns ``{"sari-cuce": exe, "pis-yedili": exe}``."""
    cc = shutil.which(os.environ.get("CC", "gcc"))
    if cc is None:
        raise CUnavailable("no C compiler (gcc) on PATH")
    out = Path(tempfile.mkdtemp(prefix="cardlib-c-")) if out is None else out
    exes = {}
    for game, src in (("sari-cuce", "saricuce.c"), ("pis-yedili", "pisyedili.c")):
        exe = out / (src[:-2] + "".join(f.strip("-=") for f in flags))
        subprocess.run([cc, *flags, "-Wall", "-o", str(exe), str(HERE / src)], check=True,
                       capture_output=True, text=True)
        exes[game] = exe
    return exes


def compiler_version() -> str:
    cc = shutil.which(os.environ.get("CC", "gcc"))
    if cc is None:
        return "none"
    return subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]


# ------------------------------------------------------------------------------------ arguments
def sc_args(rules: dict | None, players: int) -> str:
    from cardlib.saricuce.kernel.options import encode as nj_encode, read as nj_options
    return ",".join(map(str, nj_encode(nj_options(rules, players)).tolist()))


def py_args(rules: dict | None, players: int) -> tuple[str, str]:
    from cardlib.cards import make_deck
    from cardlib.pisyedili.kernel.options import encode as py_encode, read as py_options
    o = py_options(rules, players)
    deck = ",".join(str(c.index) for c in make_deck(o["decks"], o["jokers_per_deck"]))
    return ",".join(map(str, py_encode(o).tolist())), deck


def _call(args: list[str], stdin: str | None = None, env: dict | None = None) -> str:
    return subprocess.run(args, input=stdin, capture_output=True, text=True, check=True,
                          env=None if env is None else {**os.environ, **env}).stdout


# ------------------------------------------------------------------------------------ timing
def rate(exes: dict[str, Path], game: str, n_hands: int, rules: dict | None = None, players: int = PLAYERS,
         seed: int = 1, games: bool = False) -> dict[str, float]:
    """One timed C run: ``{"hands_per_s", "moves_per_hand", "cpu_s"}`` (per CPU second of the C process)."""
    if game == "sari-cuce":
        out = _call([str(exes[game]), "bench", str(n_hands), str(players), str(seed), sc_args(rules, players),
                     str(int(games))])
    else:
        opts, deck = py_args(rules, players)
        out = _call([str(exes[game]), "bench", str(n_hands), str(players), str(seed), opts, deck])
    r = json.loads(out)
    return {"hands_per_s": r["hands"] / r["cpu_s"], "moves_per_hand": r["moves"] / r["hands"], "cpu_s": r["cpu_s"]}


# ------------------------------------------------------------------------------------ checks
SC_COLUMNS = ("winner", "opera", "moves", "leads", "stalls", "kings", "stops", "swept", "game", "hand", "dealer",
              "seed")
PY_COLUMNS = ("winner", "ended_by", "reason", "multiplier", "moves", "plays", "draws", "penalty", "turns",
              "reshuffles", "last_card", "stock_left")


def check_table(exes: dict[str, Path], game: str, n_hands: int, rules: dict | None, players: int, seed: int,
                games: bool = False) -> None:
    """The C program's random run equals the fast engine's table, column by column."""
    from cardlib.pisyedili import kernel as py_kernel
    from cardlib.saricuce import kernel as sc_kernel
    if game == "sari-cuce":
        out = _call([str(exes[game]), "table", str(n_hands), str(players), str(seed), sc_args(rules, players),
                     str(int(games))])
        got = np.loadtxt(out.splitlines(), dtype=np.int64, ndmin=2)
        t = sc_kernel.simulate(n_hands, players=players, seed=seed, rules=rules, games=games)
        cols = list(SC_COLUMNS) + [f"{k}_{s}" for k in ("paid", "doubled", "captured", "chips") for s in range(players)]
        cols += [f"board_{b}" for b in range(5)]
        want = {c: t[c] for c in SC_COLUMNS}
        for k in ("paid", "doubled", "captured", "chips"):
            for s in range(players):
                want[f"{k}_{s}"] = t[k][:, s]
        for b in range(5):
            want[f"board_{b}"] = t["board"][:, b]
    else:
        opts, deck = py_args(rules, players)
        out = _call([str(exes[game]), "table", str(n_hands), str(players), str(seed), opts, deck])
        got = np.loadtxt(out.splitlines(), dtype=np.int64, ndmin=2)
        t = py_kernel.simulate(n_hands, players=players, seed=seed, rules=rules)
        cols = list(PY_COLUMNS) + [f"scores_{s}" for s in range(players)] + ["seed"]
        want = {c: t[c] for c in PY_COLUMNS}
        for s in range(players):
            want[f"scores_{s}"] = t["scores"][:, s]
        want["seed"] = t["seed"]
    assert got.shape == (n_hands, len(cols)), (game, rules, got.shape)
    for j, c in enumerate(cols):
        bad = np.flatnonzero(got[:, j] != np.asarray(want[c], dtype=np.int64))
        if bad.size:
            raise AssertionError(f"{game} {rules} {players}p: C and the fast engine differ in {c!r} from hand {bad[0]}")


def _play_reference(ref, rules, seed):
    hand = ref.Hand.deal(rules, seed=seed)
    bot = ref.bots.RandomBot(seed)
    while not hand.is_over():
        hand.push(bot.choose(hand))
    return hand


def _sc_line(rules, hand) -> str:
    from cardlib.cards import Card, parse_cards
    from cardlib.saricuce.kernel.options import encode as nj_encode, read as nj_options
    o = nj_options(rules.to_dict())
    n = o["players"]
    start = hand.start()
    loc = [-1] * 52
    for s, h in enumerate(start["hands"]):
        for c in parse_cards(h):
            loc[c.index] = s
    chips = start.get("chips", [o["starting_chips"]] * n)
    board = [int(start.get("board", {}).get(b, 0)) for b in ("10D", "JC", "QS", "KH", "7D")]
    moves = [53 if m == "stop" else Card.parse(m).index for m in hand.record_moves()]
    return (f"{n} {start.get('dealer', n - 1)} {','.join(map(str, nj_encode(o).tolist()))} | {' '.join(map(str, loc))} | "
            f"{' '.join(map(str, chips))} | {' '.join(map(str, board))} | {' '.join(map(str, moves))}")


def _py_line(rules, hand) -> str:
    from cardlib.cards import parse_cards
    from cardlib.pisyedili.kernel import codec
    from cardlib.pisyedili.kernel.options import encode as py_encode, read as py_options
    o = py_options(rules.to_dict())
    n = o["players"]
    start = hand.start()
    hands = [sorted(c.index for c in parse_cards(h)) for h in start["hands"]]
    stock = [c.index for c in parse_cards(start.get("stock") or "")][::-1]      # bottom first
    plain, ch, _ = codec.moves(hand.record_moves())        # the kernel's move codes and reshuffle table
    plain, ch = plain.tolist(), ch.tolist()
    return (f"{n} {start['dealer']} {','.join(map(str, py_encode(o).tolist()))} | {' '.join(str(len(h)) for h in hands)} | "
            f"{' '.join(str(c) for h in hands for c in h)} | {' '.join(map(str, stock))} | "
            f"{' '.join(map(str, plain))} | {' '.join(map(str, ch))}")


SC_REPLAY_SETS = [({"players": 4}, 150), ({"players": 3}, 40), ({"players": 8}, 40),
                  ({"players": 2, "allow_two_players": True}, 30), ({"players": 5, "stall_rule": "skip_rank"}, 40),
                  ({"players": 4, "payment_unit": "per_card", "doubling": False}, 40),
                  ({"players": 6, "opera_definition": "single_run", "opera_reward": "double_payments"}, 40),
                  ({"players": 4, "allow_voluntary_stop": True}, 40),
                  ({"players": 5, "allow_voluntary_stop": True, "stall_rule": "skip_rank"}, 40)]
PY_REPLAY_SETS = [({"players": 4}, 150), ({"players": 2}, 40), ({"players": 7}, 40),
                  ({"players": 3, "seven_penalty": "doubling3", "jack_must_change_suit": True}, 40),
                  ({"players": 2, "two_player_reverse_as_skip": True, "draw_policy": "single"}, 40),
                  ({"players": 4, "play_after_penalty_draw": True, "finish_multipliers": False}, 40),
                  ({"players": 5, "decks": 2, "jokers_per_deck": 2}, 30),
                  ({"players": 3, "tek": True, "ace_cannot_finish": True}, 40),
                  ({"preset": "turkish", "players": 4}, 25), ({"preset": "turkish", "players": 2}, 20),
                  ({"preset": "turkish", "players": 3, "aces_all_at_once": False, "jack_must_change_suit": True}, 15)]


def check_replays(exes: dict[str, Path], scale: float = 1.0) -> dict[str, int]:
    """Reference hands (``Hand.deal`` + ``RandomBot``) replayed in C give ``hand.result()``; returns the
    number of hands checked per game."""
    from cardlib import pisyedili, saricuce
    done = {}
    for game, ref, sets, line in (("sari-cuce", saricuce, SC_REPLAY_SETS, _sc_line),
                                  ("pis-yedili", pisyedili, PY_REPLAY_SETS, _py_line)):
        lines, want = [], []
        for rules_d, n in sets:
            rules = ref.Rules.from_dict(rules_d)
            for seed in range(max(2, int(n * scale))):
                hand = _play_reference(ref, rules, seed)
                lines.append(line(rules, hand))
                want.append((rules_d, seed, hand.result().to_dict()))
        out = _call([str(exes[game]), "replay"], stdin="\n".join(lines) + "\n").splitlines()
        assert len(out) == len(want), (game, len(out), len(want))
        for text, (rules_d, seed, res) in zip(out, want):
            v = list(map(int, text.split()))
            assert v[0] == 0, f"{game} {rules_d} seed {seed}: C replay error {v[0]}"
            n = len(res.get("paid", res.get("scores")))
            if game == "sari-cuce":
                got = {"winner": v[1], "opera": bool(v[2]), "paid": v[3:3 + n], "doubled": v[3 + n:3 + 2 * n],
                       "chips": v[3 + 2 * n:3 + 3 * n],
                       "board": dict(zip(("10D", "JC", "QS", "KH", "7D"), v[3 + 3 * n:8 + 3 * n]))}
            else:
                winner, reason, mult = v[1:4]
                got = {"winner": None if winner < 0 else winner, "ended_by": "out" if reason == 0 else "stock",
                       "multiplier": mult, "scores": v[4:4 + n]}
                if reason == 3:
                    got["safety_valve"] = True
            assert got == res, f"{game} {rules_d} seed {seed}: C {got} != reference {res}"
        done[game] = len(want)
    return done


#: option sets timed per game (4 players): every value the kernels support appears in one of them
SC_OPTION_SETS = {
    "defaults": {},
    "skip_rank": {"stall_rule": "skip_rank"},
    "voluntary_stop": {"allow_voluntary_stop": True},
    "stop+skip_rank": {"allow_voluntary_stop": True, "stall_rule": "skip_rank"},
    "per_card, no doubling": {"payment_unit": "per_card", "doubling": False},
    "single_run, double_payments": {"opera_definition": "single_run", "opera_reward": "double_payments"},
}
#: the presets hold both values of opening, draw_policy, ace_rule, aces_all_at_once, ace_cannot_finish,
#: stock_exhaustion, tek and end_penalty_draws; the other sets the rest (two_player_reverse_as_skip acts only
#: with two players: check_all's tables play it, the timed runs have four)
PY_OPTION_SETS = {
    "classic": {"preset": "classic"},
    "turkish": {"preset": "turkish"},
    "doubling3, play after penalty, J must change, no multipliers": {
        "preset": "classic", "seven_penalty": "doubling3", "play_after_penalty_draw": True,
        "jack_must_change_suit": True, "finish_multipliers": False},
    "two decks, two jokers each": {"preset": "classic", "decks": 2, "jokers_per_deck": 2},
    "one joker": {"preset": "classic", "jokers_per_deck": 1},
}
#: hands a timed Pis Yedili run plays, per million Sarı Cüce hands: sets that reshuffle the stock play long hands
PY_SHARE = {"turkish": 50}


def check_all(exes: dict[str, Path], quick: bool = False) -> dict[str, Any]:
    """Both checks; returns what was checked."""
    n = 300 if quick else 3000
    tables = 0
    for players in (2, 3, 4, 5, 8):
        rules = {"allow_two_players": True} if players == 2 else {}
        check_table(exes, "sari-cuce", n, rules, players, seed=5)
        tables += 1
    for rules in SC_OPTION_SETS.values():
        check_table(exes, "sari-cuce", n, rules, PLAYERS, seed=6)
        check_table(exes, "sari-cuce", n, dict(rules, end_mode="bankruptcy", starting_chips=40), PLAYERS, seed=7,
                    games=True)
        tables += 2
    check_table(exes, "sari-cuce", n, {"hands_limit": 3}, 5, seed=8, games=True)
    for players, rules in ((4, {}), (2, {}), (7, {}), (4, {"preset": "turkish"}), (5, {"decks": 2, "jokers_per_deck": 2}),
                           (3, {"tek": True, "ace_cannot_finish": True, "seven_penalty": "doubling3"}),
                           (2, {"preset": "turkish", "two_player_reverse_as_skip": True}),
                           (4, {"play_after_penalty_draw": True, "jack_must_change_suit": True,
                                "ace_rule": "all_draw", "stock_exhaustion": "reshuffle"})):
        check_table(exes, "pis-yedili", n // 3 if rules.get("preset") == "turkish" else n, rules, players, seed=9)
        tables += 1
    replays = check_replays(exes, 0.3 if quick else 1.0)
    return {"tables": tables + 1, "hands_per_table": n, "replays": replays}


def run(quick: bool = False) -> dict[str, Any]:
    """Check and time the C references; the dict ``bench/run.py`` reads (rates per CPU second)."""
    exes = build()
    o3 = build(("-O3", "-march=native"), exes["sari-cuce"].parent)
    checked = check_all(exes, quick)
    n = 100_000 if quick else 1_000_000
    out: dict[str, Any] = {"compiler": compiler_version(), "flags": " ".join(FLAGS), "checked": checked, "rates": {}}
    for name, rules in SC_OPTION_SETS.items():
        out["rates"][f"sari-cuce/{name}"] = paired(exes, "sari-cuce", n, rules)
    out["rates"]["sari-cuce/defaults/O3"] = _best(o3, "sari-cuce", n, {})
    for name, rules in PY_OPTION_SETS.items():
        out["rates"][f"pis-yedili/{name}"] = paired(exes, "pis-yedili", n // PY_SHARE.get(name, 5), rules)
    return out


def _best(exes, game, n, rules, repeats: int = 3) -> dict[str, float]:
    """The median of ``repeats`` runs."""
    runs = sorted((rate(exes, game, n, rules, seed=1 + r) for r in range(repeats)),
                  key=lambda r: r["hands_per_s"])
    return runs[len(runs) // 2]


def _ours(game: str, n: int, rules: dict | None, seed: int) -> float:
    """Hands per CPU second of one run of the fast engine (this process; the same hands as the C's)."""
    import time

    from cardlib import _fast as fast
    c0 = time.process_time()
    fast.simulate(game, n, players=PLAYERS, seed=seed, rules=rules)
    return n / max(time.process_time() - c0, 1e-9)


def paired(exes, game, n, rules, repeats: int = 3) -> dict[str, float]:
    """C and the fast engine in turns (C, ours, C, ours, ...: a load that changes during the bench hits
    both alike), the same ``n`` hands and seeds: the C run of median rate, with ``ours_hands_per_s`` (the
    median of ours) and ``ratio``, the median over the pairs of our time per hand over C's."""
    _ours(game, min(n, 1000), rules, 0)         # warm-up (loads the compiled kernel)
    runs, ours, ratios = [], [], []
    for r in range(repeats):
        c = rate(exes, game, n, rules, seed=1 + r)
        o = _ours(game, n, rules, 1 + r)
        runs.append(c)
        ours.append(o)
        ratios.append(c["hands_per_s"] / o)
    best = sorted(runs, key=lambda x: x["hands_per_s"])[len(runs) // 2]
    return {**best, "ours_hands_per_s": sorted(ours)[len(ours) // 2], "ratio": sorted(ratios)[len(ratios) // 2],
            "ratios": [round(x, 3) for x in ratios]}


def paired_rates(n: int = 1_000_000) -> dict[str, dict[str, float]]:
    """Only the timing of :func:`run` (C and the fast engine in turns, every option set; no checks, no -O3):
    ``python -m bench.c.driver --paired-only``, to compare the kernels before and after a change."""
    exes = build()
    out = {f"sari-cuce/{name}": paired(exes, "sari-cuce", n, rules) for name, rules in SC_OPTION_SETS.items()}
    for name, rules in PY_OPTION_SETS.items():
        out[f"pis-yedili/{name}"] = paired(exes, "pis-yedili", n // PY_SHARE.get(name, 5), rules)
    return out


if __name__ == "__main__":
    import sys
    if "--paired-only" in sys.argv:
        for key, r in paired_rates().items():
            print(f"{key:72s} C {r['hands_per_s']:>11,.0f}  ours {r['ours_hands_per_s']:>11,.0f}  "
                  f"ratio {r['ratio']:.3f}  {r['ratios']}")
    else:
        print(json.dumps(run(quick="--quick" in sys.argv), indent=1, ensure_ascii=False))

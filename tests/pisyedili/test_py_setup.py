"""Setup (PY-01..PY-05), the options table and the presets (RULES.md §2.1, §2.3)."""

from collections import Counter

import pytest
from pisyedili_support import check_invariants, moves, rules

from cardlib import JOKER, InvalidOptionError, PlayerCountError, Rng, make_deck
from cardlib.pisyedili import GAME, Hand, Match, Rules
from cardlib.pisyedili.rules import OPTION_VALUES, PRESETS


def all_cards(hand):
    c = Counter()
    for h in hand.hands:
        c.update(h)
    c.update(hand.stock)
    c.update(hand.discard)
    return c


def test_game_name():
    assert GAME.name == "pis-yedili" == Hand.game and GAME.hand is Hand and GAME.series is Match


def test_PY_01_one_deck_by_default_two_decks_and_jokers_as_options():
    assert Rules().decks == 1 and Rules().jokers_per_deck == 0
    assert sum(all_cards(Hand.deal(Rules(), seed=1)).values()) == 52
    h = Hand.deal(Rules(decks=2), seed=1)
    assert sum(all_cards(h).values()) == 104
    assert max(all_cards(h).values()) == 2  # each card twice
    h = Hand.deal(Rules(jokers_per_deck=2), seed=1)
    assert all_cards(h)[JOKER] == 2 and sum(all_cards(h).values()) == 54
    h = Hand.deal(Rules(decks=2, jokers_per_deck=2, players=5), seed=1)
    assert all_cards(h)[JOKER] == 4 and sum(all_cards(h).values()) == 108


def test_PY_02_player_counts():
    for n in range(2, 8):
        assert Rules(players=n).players == n
    for n in (0, 1, 8):
        with pytest.raises(PlayerCountError, match="2 to 7"):
            Rules(players=n)
    # two decks: 7n <= 103 -> 14; with four jokers 7n <= 107 -> 15
    assert Rules(decks=2, players=14).max_players == 14
    with pytest.raises(PlayerCountError):
        Rules(decks=2, players=15)
    assert Rules(decks=2, jokers_per_deck=2, players=15).players == 15
    # one deck with 2 jokers: 7n <= 53 -> still 7
    with pytest.raises(PlayerCountError):
        Rules(jokers_per_deck=2, players=8)
    with pytest.raises(PlayerCountError):
        Rules.from_dict({"players": 1})
    with pytest.raises(PlayerCountError):
        Rules(players="4")


def test_PY_03_direction_starts_clockwise_and_next_is_s_plus_d():
    h = Hand.deal(Rules(players=4), seed=3, dealer=1)
    assert h.direction == 1 and h.to_act == 2
    assert h.position()["direction"] == 1


def test_PY_04_dealer_parameter_and_deal_passes_left():
    assert Hand.deal(Rules(players=4), seed=0).dealer == 3  # default n-1, so seat 0 leads
    assert Hand.deal(Rules(players=4), seed=0, dealer=1).to_act == 2
    m = Match(Rules(players=4), seed=1, dealer=2)
    dealers = []
    from cardlib.pisyedili.bots import RandomBot
    bots = [RandomBot(i) for i in range(4)]
    while not m.is_over():
        h = m.next_hand()
        dealers.append(h.dealer)
        while not h.is_over():
            h.push(bots[h.to_act].choose(h))
        m.add(h)
    assert dealers == [2, 3, 0, 1]


def test_PY_05_seven_each_one_at_a_time_from_the_dealers_left_no_upcard():
    r = Rules(players=3)
    h = Hand.deal(r, seed=11, dealer=0)
    deck = make_deck()
    Rng(11).shuffle(deck)
    # seat 1 (dealer's left) gets the 1st, 4th, 7th ... card; seat 2 the 2nd ...; the dealer the 3rd ...
    assert h.hands[1] == deck[0:21:3]
    assert h.hands[2] == deck[1:21:3]
    assert h.hands[0] == deck[2:21:3]
    assert h.position()["stock"] == " ".join(str(c) for c in deck[21:])
    assert h.discard == [] and h.position()["discard"] == ""
    check_invariants(h)
    # the same seed gives the same deal; start() records it
    assert Hand.deal(r, seed=11, dealer=0).position() == h.position()
    assert Hand.from_start(r, h.start()).position() == h.position()


def test_PY_05_all_randomness_goes_through_cardlib_rng():
    import ast
    from pathlib import Path

    import cardlib.pisyedili
    from cardlib.engine import GameSpec
    # the faces (the simulated odds) and the expert's compiled playouts and ISMCTS (issue 27) hold their state
    # in numpy arrays; their randomness is the kernels' SplitMix64 (the bits of cardlib.rng) or the
    # probability code's own seeded generator, never numpy's global generators
    faces = {getattr(cardlib.pisyedili.GAME, f) for f in GameSpec.FACES} - {None}
    root = Path(cardlib.pisyedili.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        module = ".".join(("cardlib", "pisyedili", *path.relative_to(root).with_suffix("").parts))
        arrays = (any(module == f or module.startswith(f + ".") for f in faces)
                  or (path.stem.startswith("_") and path.stem != "__init__"))
        banned = ("random", "_random") if arrays else ("random", "_random", "numpy")
        if arrays:
            assert "np.random" not in text and "numpy.random" not in text, path.name
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in banned for n in names), (path.name, names)
    # a hand's reshuffles use its own Rng(seed), as the deal does
    h = Hand.deal(Rules(), seed=5)
    assert h.rng.seed == 5


def test_presets_match_the_table():
    c = Rules()
    assert (c.preset, c.opening, c.draw_policy, c.ace_rule, c.ace_cannot_finish, c.stock_exhaustion, c.tek,
            c.end_penalty_draws, c.jokers_per_deck, c.decks, c.finish_multipliers, c.seven_penalty) == (
        "classic", "first_player", "multi", "follow", False, "lowest_hand_wins", False, False, 0, 1, True,
        "linear3")
    t = Rules.turkish()
    assert (t.opening, t.draw_policy, t.ace_rule, t.aces_all_at_once, t.ace_cannot_finish, t.stock_exhaustion,
            t.tek, t.end_penalty_draws, t.finish_multipliers, t.seven_penalty, t.decks, t.jokers_per_deck) == (
        "first_round", "single", "all_draw", True, True, "reshuffle", True, True, True, "linear3", 1, 0)
    for r in (c, t):
        assert (r.play_after_penalty_draw, r.two_player_reverse_as_skip, r.jack_must_change_suit,
                r.deals_per_match) == (False, False, False, 4)


def _other_value(name, value):
    allowed = OPTION_VALUES[name]
    if allowed is bool:
        return not value
    if allowed is int:
        return value + 3
    return next(v for v in allowed if v != value)


@pytest.mark.parametrize("preset", ["classic", "turkish"])
@pytest.mark.parametrize("name", sorted(OPTION_VALUES))
def test_every_option_is_settable_on_its_own_over_either_preset(preset, name):
    base = PRESETS[preset][name]
    value = _other_value(name, base)
    # partnerships take an even count (PY-P1), and a partner goes free only with partnerships (PY-P7)
    needs = {"partnerships": {"players": 4}, "partner_goes_free": {"players": 4, "partnerships": True}}.get(name, {})
    context = {"players": 3, **needs}
    r = Rules.from_dict({"preset": preset, **context, name: value})
    assert getattr(r, name) == value
    for other in OPTION_VALUES:
        if other != name and other not in context:
            assert getattr(r, other) == PRESETS[preset][other]
    assert r.to_dict() == {"preset": preset, **context, name: value}
    assert Rules.from_dict(r.to_dict()) == r
    # and the option changes play: a hand deals and accepts a legal move
    h = Hand.deal(r, seed=2)
    h.push(moves(h)[0])


@pytest.mark.parametrize("name", sorted(OPTION_VALUES))
def test_bad_option_values_are_refused(name):
    with pytest.raises(InvalidOptionError, match=name):
        Rules.from_dict({name: "nonsense"})


def test_unknown_option_and_preset_are_refused():
    with pytest.raises(InvalidOptionError, match="unknown Pis Yedili option 'jokers'"):
        Rules.from_dict({"jokers": 2})
    with pytest.raises(InvalidOptionError, match="preset='dutch'"):
        Rules.from_dict({"preset": "dutch"})
    with pytest.raises(InvalidOptionError):
        Rules(tek=1)  # a bool option takes true/false only
    with pytest.raises(InvalidOptionError):
        Rules(deals_per_match=0)


def test_from_dict_reads_preset_first_then_overrides():
    r = Rules.from_dict({"tek": False, "preset": "turkish", "players": 5})
    assert r.preset == "turkish" and r.tek is False and r.draw_policy == "single" and r.players == 5
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict(None) == Rules()


def test_rules_are_frozen():
    with pytest.raises(Exception):
        Rules().tek = True  # type: ignore[misc]


def test_option_decks_and_jokers_per_deck():
    r = rules(decks=2, jokers_per_deck=1, players=4)
    assert r.deck_size == 106 and r.to_dict() == {"players": 4, "preset": "classic", "decks": 2, "jokers_per_deck": 1}
    with pytest.raises(InvalidOptionError):
        Rules(decks=3)
    with pytest.raises(InvalidOptionError):
        Rules(jokers_per_deck=3)


def test_constructor_takes_unset_options_from_the_preset():
    assert Rules(preset="turkish", players=3) == Rules.turkish(3)
    r = Rules(preset="turkish", players=3, tek=False)
    assert r.tek is False and r.ace_rule == "all_draw" and r.to_dict() == {"players": 3, "preset": "turkish", "tek": False}
    assert Rules() == Rules.classic(4) and Rules().replace(tek=True).tek is True

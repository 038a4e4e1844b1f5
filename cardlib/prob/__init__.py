"""Probability for Sarı Cüce and Pis Yedili: exact answers next to simulations.

- :mod:`cardlib.prob.exact`: exact chances as fractions (hypergeometric vocabulary + named questions);
- :mod:`cardlib.prob.given`: new questions conditioned on your own hand (:func:`given_hand`);
- :mod:`cardlib.prob.montecarlo`: the same questions by vectorised random deals, with 95% intervals
  (imported on its own, ``from cardlib.prob import montecarlo as mc``, since it loads numpy and numba);
- :mod:`cardlib.prob.deals`: the deal tables (NJ-02, PY-02, PY-05) and their checks;
- the named questions live with their game (its odds faces: :mod:`cardlib.saricuce.odds`,
  :mod:`cardlib.pisyedili.odds`, and their simulated twins ``odds_sim``), offered here and in
  :mod:`.exact` / :mod:`.montecarlo` by name;
- :mod:`cardlib.prob.results`: :class:`Exact`, :class:`Dist`, :func:`show`;
- :mod:`cardlib.prob.estimate`: :class:`Estimate`, :func:`estimates`, :func:`wilson`, :func:`mean_interval`
  (an answer from simulation with its 95% interval; the one home of these names, used by the whole library).

>>> from cardlib.prob import card_dead, show
>>> show(card_dead(4))
1/13 ≈ 0.0769231
"""

from typing import Any

from .exact import NO_CLUB, at_least, first_success_dist, for_players, hypergeom, hypergeom_cdf, hypergeom_dist
from .given import Unseen, given_hand
from .estimate import Z95, Estimate, estimates, mean_interval, wilson
from .results import Dist, DistEstimate, Exact, show

__all__ = [
    "Exact", "Dist", "show", "Estimate", "DistEstimate", "estimates", "wilson", "mean_interval", "Z95",
    "hypergeom", "hypergeom_cdf", "at_least", "hypergeom_dist", "first_success_dist", "NO_CLUB",
    "for_players", "given_hand", "Unseen",
    "card_dead", "any_box_card_dead", "box_cards_dead", "box_cards_in_hand", "holds_card",
    "opener_no_club", "draws_until_club", "expected_draws_until_club", "can_answer_seven", "dealt_jack",
    "BOX_CARDS", "nj_hand_size", "nj_dead_count", "py_deck_size", "py_stock_size",
]


def __getattr__(name: str) -> Any:
    """The games' exact questions and deal facts by name (``card_dead``, ``BOX_CARDS`` ...)."""
    from ..games import face_export
    return face_export("odds", name, __name__)

"""Narration of payments and doublings that run short (NJ-26): plain, grammatical sentences."""

from cardlib import Card
from cardlib.saricuce.events import Doubling, Payment

NAMES = ["Ada", "Bora", "Cem", "Deniz"]


def test_payment_short_by_one_chip():
    text = Payment(payer=1, payee=0, amount=85, due=86).describe(NAMES)
    assert text == ("Bora owes Ada 86 chips for the cards left in hand but has only 85: pays 85, "
                    "and 1 chip is written off.")


def test_doubling_with_no_chips_left_pays_nothing():
    text = Doubling(seat=2, box=Card.parse("KH"), amount=0, due=16).describe(NAMES)
    assert "has no chips left: nothing is paid" in text and "16 chips" in text and "short of" not in text


def test_doubling_partly_paid():
    text = Doubling(seat=2, box=Card.parse("KH"), amount=5, due=16).describe(NAMES)
    assert text == ("Cem still holds K♥ and owes its box 16 chips (doubling it) but has only 5: pays 5, "
                    "and 11 chips are written off.")
    full = Doubling(seat=2, box=Card.parse("KH"), amount=16, due=16).describe(NAMES)
    assert full == "Cem still holds K♥ and doubles its box: pays 16 chips into it."

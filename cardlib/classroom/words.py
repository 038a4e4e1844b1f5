"""Every sentence the classroom's own pages say (the start page's teacher panel, the projector page, the
waiting page, the refusals), in one place, so that a translation replaces them here (issue 25's catalogs).
The lessons' words are in their notebooks."""

from __future__ import annotations

#: the one line a visitor without the class code gets (HTTP 403, text/plain), whatever they asked for
NEEDS_CODE = "This classroom needs its class code: ask your teacher for the address with the code."
#: the one line for a Host name that is not this machine's (a page of another site reaching in)
FOREIGN_HOST = "This classroom answers only to its own address."
#: the one line for what the classroom does not serve (the server's inner workings)
NOT_HERE = "There is nothing here."
#: the one line of a full classroom (HTTP 503, or a page in place of a lesson)
FULL = ("The classroom is full ({open} pages open, {cap} at most): close a page you no longer use, "
        "or ask the teacher.")
LESSON_FULL = ("This lesson is full ({open} pages open, {cap} at most): close a page you no longer use, "
               "or ask the teacher.")
#: what a page whose lesson failed to run shows (the details go to the server's log only)
LESSON_ERROR = "This lesson could not be set up. The details are in the server's log (ask the teacher)."
NO_LESSON = "There is no lesson at this address. The lessons are on the start page."
BACK = "← the lessons"

#: the waiting page (before the page's table arrives), and after WAIT_LONG seconds
WAITING = "The table is being dealt…"
WAITING_LONG = ("This is taking longer than it should. Reload the page (F5, or ↻ in the browser); "
                "if it happens again, tell the teacher.")
WAIT_LONG = 20

START_TITLE = "The classroom"
#: a widget the light page cannot draw (its class name filled in)
NOT_SHOWN = "({widget}: not shown on this page)"

#: the teacher's panel on the start page
TEACHER_TITLE = "For the teacher"
DEALS_LABEL = "Deals"
DEALS_FRESH = "a fresh deal for each student"
DEALS_SAME = "the same deal for everybody (the lesson's seed, or this one:)"
SEED_LABEL = "seed"
SEED_PLACEHOLDER = "the lesson's"
SEED_BAD = "a seed is a whole number, 0 or more"
JOIN = "Students: open {address} (or scan the code) and type nothing else."
JOIN_LOCAL = ("The classroom answers on this computer only ({address}); `make classroom CLASS_NETWORK=1` opens it "
              "to the class.")
CLASS_CODE = "Class code: {code}"
PROJECTOR_LINK = "The projector page: the class's answers, live"

#: the projector page
PROJECTOR_TITLE = "The class"
TALLY_LINE = "{yes} of {tables} tables: yes ({share})"
NO_QUESTION = "No lesson asks the class a question (a lesson asks one with class_question = dealt(...))."
EXACT = "The exact chance: {chance}"
TABLES_OPEN = "{n} tables open"
#: a page whose connection to the server was lost (the server stopped, the Wi-Fi dropped)
LOST = "The connection to the classroom was lost: reload the page (F5, or ↻ in the browser)."

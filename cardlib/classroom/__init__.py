"""The classroom: the lesson notebooks of ``notebooks/classroom/`` served to a class, every student's page in
one server process, without a kernel per page and without a widget framework in the browser
(``make classroom``; docs/classroom-load.md says why, with the measurements).

- :mod:`.lessons`: a lesson is a notebook; its markdown cells are the page's words, its code cells run
  for each student's page and the value of its last cell (a widget) is the page's table or stepper;
- :mod:`.question`: a question a lesson asks the whole class (:func:`dealt`: "were you dealt the 7♦?"),
  counted on the projector page beside its exact chance;
- :mod:`.tally`: the class's answers, the teacher's choice of deals, the open pages and their caps;
- :mod:`.code`: the class code; :mod:`.guard`: what a visitor without it gets (a one-line refusal);
- :mod:`.words`: every sentence of the classroom's own pages, in one place;
- :mod:`.pages`: each page's widget tree (start, lesson, projector); :mod:`.render`: widgets drawn as HTML
  and the page's clicks applied to them; :mod:`.shell`: the page a browser gets first; :mod:`.app` and
  :mod:`.server` (``python -m cardlib.classroom``): the web server.  Only those two import the server's
  packages (starlette, uvicorn), so a lesson notebook imports :func:`dealt` and :func:`hand_title` (the
  stepper's titles of the example hands, in the language spoken) cheaply.
"""

from .question import ClassQuestion, dealt
from .words import hand_title

__all__ = ["ClassQuestion", "dealt", "hand_title"]

"""The choices of a simulation, in a module light enough for the command line to import at start-up."""

GAMES = ("sari-cuce", "pis-yedili")
BOT_NAMES = ("random", "heuristic")
ENGINES = ("reference", "fast")

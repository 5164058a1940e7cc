"""Oh-Seven, the trick-taking card game, in a terminal."""

__version__ = "0.1.0"

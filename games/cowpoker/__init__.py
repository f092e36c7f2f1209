"""Cowpoker (James Ernest, Mike Selinker): four Ranches, Roundups, Gunfights, three poker hands.

The plugin is ``game.GAME``; its modules hold the cards (the data file), the state,
the rules (turns and effects), tricks, scoring, the view, the bots, the browser's
table (``table.js``) and the rules in words (``rules.md``).
"""

from games.cowpoker.game import GAME, Cowpoker, Options

__all__ = ["GAME", "Cowpoker", "Options"]

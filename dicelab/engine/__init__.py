"""Exact engines shared by the games.

* :mod:`dicelab.engine.reroll` — turns of up to three rolls where any dice may
  be kept (Dripeul 5, Trwavril): a few matrix products and maxima over sorted
  multisets.
"""

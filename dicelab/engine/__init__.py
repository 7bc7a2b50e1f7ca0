"""Exact engines: every figure is computed by enumerating sorted dice multisets.

* :mod:`dicelab.engine.reroll` — turns of up to three rolls where any dice may be kept
  (Dripeul 5, Trwavril): a few matrix products and maxima over sorted multisets, and the
  variant where kept dice stay kept.
* :mod:`dicelab.engine.advice` — :class:`~dicelab.engine.advice.Advice`, the one shape of
  advice every game returns.
* :mod:`dicelab.engine.dripeul.solo`, :mod:`~dicelab.engine.trwavril.solo`,
  :mod:`~dicelab.engine.cinqmille.solo`, :mod:`~dicelab.engine.seveny.solo` — each game's exact odds
  (``advise``, ``advise_state``) and optimal solo solver, built on the game's own rule
  functions.  The game modules re-export them, loaded on first use.
"""

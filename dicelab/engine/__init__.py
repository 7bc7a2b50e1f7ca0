"""Exact engines: every number is computed by enumerating sorted dice multisets.

* ``dicelab.engine.<key>`` — each registered game's exact odds (``registry.get(key).engine``),
  one package per game and its one entry point, which keeps the engine contract
  (:mod:`dicelab.engine.protocol`: ``advise_state``, solo or two-player advice, the solo
  numbers and the two-player ones), from its ``solo`` and ``duel`` modules (``duel``
  builds on ``solo``), built on the game's own rule functions.  The game modules
  (:mod:`dicelab.games`) import nothing from here.
* :mod:`dicelab.engine.protocol` — the engine contract, as code: what every caller reads.
* :mod:`dicelab.engine.advice` — :class:`~dicelab.engine.advice.Advice`, the one shape of
  advice every game returns, ``plays_duel``, the one rule choosing solo or two-player
  advice, and the pieces every engine package builds its contract from
  (``advise_state_with``, ``clearing``, ``race_starts``, ``reroll_turn``).
* :mod:`dicelab.engine.reroll` — turns of up to three rolls where any dice may be kept
  (Dripeul 5, Trwavril): a few matrix products and maxima over sorted multisets, and the
  variant where kept dice stay kept.
* :mod:`dicelab.engine.markov` — turn counts of push-your-luck games;
  :mod:`dicelab.engine.race` — the generic two-player race solver (it knows no game);
  :mod:`dicelab.engine.solving` — two-player readiness and background solves.

Every engine names things the same way: ``clear_caches()`` forgets solved tables;
``solve_turns`` / ``solve_points`` / ``solve_win`` / ``solve_duel`` solve for fewest turns,
most points, the best chance to win, and two players.
"""

"""Words for the rules' options, in the reader's language: what every variant menu shows.

Each game's ``Rules`` lists its options' labels in ``LABELS`` (English msgids marked with
``N_``) and, where a value needs words, ``VALUE_LABELS`` (``{field: {value: msgid}}``).
The widgets' variant controls and the variant explorer read them through these functions,
so that one label is written once and translated in one catalog.  ``game`` is a game key
or name (``"cinqmille"``, ``"5000"``), a ``Rules`` class or a ``Rules`` instance.

>>> rules_label("cinqmille", "opening", lang="fr")
'points nécessaires pour ouvrir'
>>> value_label("cinqmille", "opening", None, lang="en")
'default (750 with 5 dice, 700 with 6)'
>>> value_label("dripeul", "reroll_set_aside", False, lang="fr"), value_label("seveny", "target", 5)
('non', '5')
>>> from dicelab.games.cinqmille import Rules
>>> chosen_value(Rules(dice=6), "opening"), chosen_value(Rules(opening=1000), "opening")
(None, 1000)
"""

from __future__ import annotations

from typing import Any

from dicelab.core.errors import DicelabError, brief
from dicelab.core.i18n import N_, _
from dicelab.registry import entry_of, get

__all__ = ["chosen_value", "field_choices", "rules_label", "rules_type", "value_label"]

YES, NO, DEFAULT = N_("yes"), N_("no"), N_("default")


def rules_type(game: Any) -> type:
    """The ``Rules`` class of ``game`` (a key or name, a ``Rules`` class or instance)."""
    if isinstance(game, str):
        return get(game).Rules
    cls = game if isinstance(game, type) else type(game)
    if cls is not entry_of(cls).Rules:
        raise DicelabError("not a game or its Rules: {game}", game=brief(game))
    return cls


def _check_field(cls: type, field: str) -> None:
    if not isinstance(field, str) or field not in getattr(cls, "CHOICES", {}):
        raise DicelabError("{game} rules have no option {field}; options: {fields}",
                           game=cls.__module__.rsplit(".", 1)[-1], field=brief(field),
                           fields=", ".join(getattr(cls, "CHOICES", {})))


def rules_label(game: Any, field: str, lang: str | None = None) -> str:
    """The label of the option ``field`` (a variant menu's caption), translated."""
    cls = rules_type(game)
    _check_field(cls, field)
    label = getattr(cls, "LABELS", {}).get(field)
    return _(label, lang=lang) if label else field.replace("_", " ")


def value_label(game: Any, field: str, value: Any, lang: str | None = None) -> str:
    """The words for ``value`` of option ``field`` in a menu: the game's own label for that
    value if it has one, "yes"/"no" for booleans, "default" for ``None`` (the rules choose),
    else the value itself."""
    cls = rules_type(game)
    _check_field(cls, field)
    special = getattr(cls, "VALUE_LABELS", {}).get(field, {})
    try:
        label = special.get(value) if not isinstance(value, bool) else None
    except TypeError:  # an unhashable value has no label of its own
        label = None
    if label is not None:
        return _(label, lang=lang)
    if value is True:
        return _(YES, lang=lang)
    if value is False:
        return _(NO, lang=lang)
    if value is None:
        return _(DEFAULT, lang=lang)
    return str(value)


def field_choices(game: Any, field: str, lang: str | None = None) -> list[tuple[str, Any]]:
    """``(label, value)`` of every value a menu offers for ``field`` (``Rules.CHOICES``).

    >>> field_choices("cinqmille", "min_bank", lang="en")
    [('default (0 with 5 dice, 300 with 6)', None), ('0', 0), ('300', 300)]
    """
    cls = rules_type(game)
    _check_field(cls, field)
    return [(value_label(cls, field, v, lang), v) for v in cls.CHOICES[field]]


def chosen_value(rules: Any, field: str) -> Any:
    """The value a menu shows for ``field`` of ``rules``: ``None`` ("default") where the
    value is a default that follows another option (5000's opening and minimum bank follow
    the number of dice: ``Rules.chosen``), else the field's value.  ``Rules`` built back
    from the menu's values then keep following those defaults."""
    if isinstance(rules, type):
        raise DicelabError("chosen_value needs Rules, not the class {cls}", cls=brief(rules))
    _check_field(rules_type(rules), field)
    chosen = getattr(rules, "chosen", None)
    return chosen(field) if callable(chosen) else getattr(rules, field)

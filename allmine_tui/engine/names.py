"""Player names: one rule for every way a game is set up, and short forms for narrow places.

A name is 1 to ``MAX_NAME`` characters of printable text (letters, digits, emoji, punctuation,
spaces inside); screens show it whole where there is room, else a short form that is still unique
at the table (``short_names``), and the tightest places use unique tags of one to three
characters (``tags``). Kept free of Textual: the command line uses it too.
"""
from __future__ import annotations

import re
import unicodedata

MAX_NAME = 16


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can."""
    if not name.strip():
        return "A player needs a name."
    # (first: the reasons below quote the name, which must then hold nothing a terminal obeys)
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        return "Names cannot hold control characters (such as tabs or escape codes)."
    if name != name.strip():
        return f"'{name.strip()}' has spaces at an end; leave them out."
    if len(name) > MAX_NAME:
        return f"'{name[:MAX_NAME]}…' is too long: names have at most {MAX_NAME} characters."
    return None


def _fold(text: str) -> str:
    return text.casefold()


def short_names(names: list[str], width: int) -> list[str]:
    """Each name cut to ``width`` characters at most ("Maximilian" -> "Maxim…"), keeping them
    unique at the table: where two cuts would read the same, their last letters tell them apart
    ("Alexandra", "Alexander" at 6 -> "Alex…a", "Alex…r")."""
    if width < 2:
        raise ValueError("a short name needs at least two characters")
    out = [n if len(n) <= width else n[:width - 1] + "…" for n in names]
    for _ in range(3):
        seen: dict[str, list[int]] = {}
        for i, short in enumerate(out):
            seen.setdefault(_fold(short), []).append(i)
        clashes = [idx for idx in seen.values() if len(idx) > 1]
        if not clashes:
            return out
        for group in clashes:
            for k, i in enumerate(group):
                name = names[i]
                if len(name) <= width:
                    continue
                tail = name[-1] if _fold(name[-1]) not in {_fold(names[j][-1]) for j in group
                                                          if j != i} else str(k + 1)
                out[i] = name[:width - 2] + "…" + tail
    # still the same (e.g. two long names ending alike): number them
    return [short if [_fold(s) for s in out].count(_fold(short)) == 1 else
            short[:width - 1] + str(i + 1) for i, short in enumerate(out)]


def tags(names: list[str], most: int = 3) -> list[str]:
    """Unique tags of 1 to ``most`` characters, as short as the table allows: Ann, Bob -> A, B;
    Ann, Abe -> An, Ab; two names alike to ``most`` letters get their seat number instead."""
    for length in range(1, most + 1):
        cut = [n[:length] for n in names]
        if len({_fold(c) for c in cut}) == len(cut):
            return [c[:1].upper() + c[1:] for c in cut]
    cut = [n[:most] for n in names]
    return [c if [_fold(x) for x in cut].count(_fold(c)) == 1 else f"{c[:most - 1]}{i + 1}"
            for i, c in enumerate(cut)]


#: a guided game's learner sits at the table as "You": log lines name players in the third
#: person ("{0} plays"), so the verb after "You" is made to agree
YOU = "You"
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
#: words that may stand between a name and its verb ("You now hold", "You also take")
_ADVERBS = "now|also|still|then|just|first|alone"
_AFTER_NAME = re.compile(r"\{(\d+)\}(?:('s)\b|( (?:(?:" + _ADVERBS + r") )?)([a-z]+)\b)?")


def _plain_form(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def with_names(template: str, names: list[str]) -> str:
    """A log line's ``{0}``, ``{1}``... filled with the players' names, as ``str.format`` does;
    where the name is ``You`` the line reads in the second person ("You play", "Your cards")."""
    if YOU not in names:
        return template.format(*names)

    def fill(m: re.Match) -> str:
        name = names[int(m.group(1))]
        if name != YOU:
            return name + (m.group(2) or "") + (m.group(3) or "") + (m.group(4) or "")
        if m.group(2):
            return "Your"
        if m.group(4):
            return f"You{m.group(3)}{_plain_form(m.group(4))}"
        return "You"

    line = _AFTER_NAME.sub(fill, template.replace("{{", "\0").replace("}}", "\1"))
    # a second verb of the same sentence agrees too ("You complete hand A and win 2 chips")
    line = _AND_VERB.sub(lambda m: m.group(1) + _plain_form(m.group(2)), line)
    return line.replace("\0", "{").replace("\1", "}")


_AND_VERB = re.compile(r"(\bYou [a-z]+\b[^.;:{}\0\1]*? and )([a-z]+[^s\W]s)\b")

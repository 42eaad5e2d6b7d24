"""The base class of every message a widget posts because a player clicked or chose something.

The play screen drops such a message when it is handled after the screen changed owner (the
person it was made for is no longer the one looking), so one person's click or double Enter never
acts for the next person. Textual's own ``Button.Pressed`` counts as player input too.
"""
from __future__ import annotations

from textual.message import Message
from textual.widgets import Button


class PlayerInput(Message):
    """A message made from a player's key or click (see the module's docstring)."""


def is_player_input(message: Message) -> bool:
    return isinstance(message, (PlayerInput, Button.Pressed))

"""The Mine All Mines table: five mines, the Marketplace and cards for sale, every player's gems
and cards, your dwarves, and a menu of the moves you may make now."""
from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...engine import Action, IllegalAction
from ...engine.names import short_names, with_names
from ...ui.flow import ReplayFlow
from ...ui.screens.grace import GraceGate
from ...ui.screens.notice import NoticeScreen
from ...ui.screens.play import PlayScreen
from ...ui.widgets.draw import freeze, set_content
from ...ui.widgets.keybar import ScreenKeys
from ...ui.widgets.lines import TextLines
from .choices import (END_LABEL, SHORT, LastTurn, Unplayable, blocked_dwarves, last_turn,
                      menu_items, move_hint, path, targets, undone_label)
from .data import GEM_NAMES
from .labels import GEM_STYLES, LEGEND
from .state import DISCARDS
from .bottom import Bottom, HandLine, HintLine, MovesMenu, QuietLog, Side
from .widgets import MarketPanel, MinesGeometry, MinesPanel, PlayersPanel, owner_tags
from .views import MineAllMinesView


class Parts(NamedTuple):
    mines: MinesPanel
    market: MarketPanel
    players: PlayersPanel
    hand: HandLine
    hint: HintLine | None  # (none where nobody plays)
    menu: MovesMenu

END = Action("end")


def short_dwarf(d) -> str:
    return {"dealer": "Dealer", "blacksmith": "Blacksmith"}.get(d) or GEM_NAMES[d]


CONTROLS = """
- **Your turn is a menu of moves.** ↑/↓ choose a line, **Enter** (or Space, or a click) takes it;
  a line with "› N choices" opens the next level (which mine and place, which gem, which payment),
  **Esc** goes back up. **1–9** pick a line by its number.
- First play one dwarf: the menu lists your dwarves, then where each may go and what it would
  really give you (the limit of 3 per gem and an empty supply are counted in: "kept back"; a
  foe line says "no steal" when nobody on it has a gem you may take). The line above the menu
  tells more about the line under the cursor. On a narrow screen a long line names gems by
  their two letters (Di Sa Ru Em Go) and rows as L, M, R. A dwarf with no place to go is listed
  dim. The places you may use are marked **[ ++ ]** on the mines, the one under the cursor
  **[ ▶▶ ]**; clicking a marked place plays there too.
- Then, in any order: swap with the Marketplace (after the Dealer), one trade with the supply, the
  Goldsmith or a Trader, buy one card, claim one achievement.
- **e** ends your turn (the menu's last line, never a number).
- **u** takes back your last move of this turn: the dwarf, a trade, a swap, a claim, even a
  purchase as long as it turned up no new card. The line above the menu says what u would take
  back; once you end your turn, it stands.
- The table: a dwarf on a mine shows its gem and its owner's tag (**[Ru·A]**: A's Ruby dwarf);
  the player lines show the tags, VP, gems, Lamp gems, dwarves in hand (dw), Jewelry by kind
  (Ri Rings, Ne Necklaces, Cr Crowns, Ea Earrings, Br Bracelets), Support cards (**✗**: used
  this round; on a crowded line the Traders share one entry, **Trader Di Sa**, and the Mine Cart
  reads **Cart**) and achievements (**★**, or their number when the line is full: their names
  stand on the ACHIEVEMENTS line); **▶** marks whose turn it is and **⚑** the First Player.
- **What the last turn changed** stands out until the next player's first move: **»Ru·An«**
  the dwarf it played (on the mines; beside Dealer or Blacksmith for those), **▲**/**▼** after
  a gem count that went up or down (and the Lamp), **•** before a card bought or an achievement
  claimed (after the count of a Jewelry kind). The log tells the same in words.
- **A new round** begins with a notice for everyone (who plays first, the VP so far): Enter
  goes on. Keys typed before it appeared are dropped, so a key meant for the last turn of a
  round never plays a dwarf of the next.
- **k** lists what every mark on the table means (a mark under the mouse says it too; so does a
  dwarf's tag in a mine: whose it is, its friends and its foes).
- **p** lets a person peek at their own dwarves between turns (behind the curtain), **q** returns
  to the menu (the game is saved after every move), **?** shows this help.
- New to the game? **l** (Learn to play) on the picker starts a guided game against a bot: a
  coach explains each part the first time it comes up.
"""

PHASE_TEXT = {"play": "plays a dwarf", "steal": "chooses what to steal",
              "lamp": "fills the Lamp", "act": "may trade, buy and claim"}
PHASE_HINTS = {"play": "[ ++ ] where a dwarf may go · [ ▶▶ ] where the line chosen puts it",
               "steal": "You choose which gem to take.",
               "lamp": "Gems on the Lamp score 1 VP each at the end and stay there."}
MENU_TITLES = {"play": "Play one dwarf:", "steal": "Steal:", "lamp": "Your new Lamp:",
               "act": "Then, if you like, in any order:"}


class RoundNotice(GraceGate, NoticeScreen):
    """A new round, as a moment of its own: shown to everyone before its first turn, it waits
    for a key typed once it is on screen. Keys typed before (the last player of a round is the
    first of the next: a second Enter meant for the old round) are dropped, as at the curtain."""

def round_notice(events: list, view: MineAllMinesView, names: list[str]) -> RoundNotice | None:
    """The notice of a new round, when ``events`` (a move's) began one; from the table view
    (``view``) and the public log lines only."""
    started = [e for e in events if e.kind == "round" and "First Player" in e.text]
    if not started or view["phase"] == "over":
        return None
    first = names[view["first"]]
    ended = view["round"] - 1
    aside = DISCARDS[view["n"]]
    body = Text()
    body.append(f"{first}", style="bold")
    you = first == "You"  # (the learner of a guided game)
    body.append(f" now hold{'' if you else 's'} the First Player tile (passed to the right: the "
                f"last player of round {ended}) and play{'' if you else 's'} first.\n")
    body.append(f"Everyone takes back all 7 dwarves and sets {aside} aside at random: "
                f"{7 - aside} in hand. The mines are empty again, the Dealers and Blacksmiths "
                f"are back, and used Support cards (✗) work again. Gems, cards and the "
                f"Marketplace's gems stay.\n\n")
    body.append("VP so far: ", style="bold")
    body.append("  ·  ".join(f"{name} {vp}" for name, vp in zip(names, view["vp"])))
    return RoundNotice(f"Round {ended} of {view['rounds_total']} is over: round {view['round']} "
                       f"begins", body)


class MineAllMinesScreen(PlayScreen[MineAllMinesView]):
    CONTROLS = CONTROLS
    # all priority, so that a fast burst of keys is handled in the order typed
    BINDINGS = [
        Binding("up", "move(-1)", "↑", show=False, priority=True),
        Binding("down", "move(1)", "↓", show=False, priority=True),
        Binding("enter,space", "choose", "Choose", priority=True),
        Binding("escape,backspace", "back", "Back", priority=True),
        Binding("e", "end_turn", "End turn", priority=True),
        *[Binding(str(i), f"pick({i - 1})", str(i), show=False, priority=True)
          for i in range(1, 10)],
    ]

    LEGEND = LEGEND

    # the viewer's screen state (VIEWER_STATE: set afresh for each viewer)
    _view: MineAllMinesView  # None only before the first drawing
    _legal: list[Action]
    _key: tuple | None  # what the menu was last filled from
    _filtered: bool  # the menu shows one place's moves (a click on the board)
    _under: list[Action | Unplayable]  # the values of the menu line under the cursor
    _told: str
    _hinted: frozenset[tuple[int, int]]

    VIEWER_STATE = {"_view": None, "_legal": [], "_key": None, "_filtered": False,
                    "_under": [], "_told": "",
                    "_hinted": frozenset()}  # the places of the coach's pick (after h)
    _parts: "Parts | None" = None
    _marks: LastTurn = LastTurn()
    _marks_for: object = None
    _marks_memo: LastTurn = LastTurn()

    #: the keys of a turn: never offered where nobody plays (the final table, a replay)
    TURN_ACTIONS = frozenset({"move", "choose", "back", "end_turn", "pick"})

    def legend(self) -> list[tuple[str, str]]:
        """The marks, with the dwarf and the empty place drawn as this table draws them (the
        first player's tag; the width of a place)."""
        tag = owner_tags(self.names)[0]
        cell = MinesGeometry(self._width()).cell
        dot = "·" if len(tag) + 3 <= cell - 2 else ""
        out = []
        for mark, meaning in self.LEGEND:
            if mark == "[Ru·A]":
                mark = f"[Ru{dot}{tag}]"
                meaning = (f"a dwarf: its gem (Ru, Ruby) and its owner's tag ({tag}); hover "
                           f"its tag for more")
            elif mark == "[     ]":
                mark = "[" + " " * (cell - 2) + "]"
            out.append((mark, meaning))
        return out

    @property
    def looking_back(self) -> bool:
        """A finished game seen again (the final table or a replay): nobody plays here."""
        return isinstance(self.flow, ReplayFlow)

    def accepts_input(self, event) -> bool:
        """Where nobody plays (the game is over, every hand open) no key typed ahead can reveal
        anything or act for anyone: keys count at once (q or Esc right after f)."""
        return True if self.looking_back else super().accepts_input(event)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in self.TURN_ACTIONS and self.looking_back:
            return False
        return super().check_action(action, parameters)

    # (the layout's style is on the widgets: see widgets.py)
    def compose(self) -> ComposeResult:
        yield TextLines(id="status-bar")
        # the board: three panels straight on the screen (a container costs at every frame)
        yield MinesPanel(id="mines")
        yield MarketPanel(id="market")
        yield PlayersPanel(id="players")
        with Bottom(id="bottom"):
            with Side(id="side"):
                yield HandLine(id="hand")
                if not self.looking_back:  # (no turn to explain: room for the board)
                    yield HintLine(id="hint")
                menu = MovesMenu(max_lines=12, id="moves")
                menu.on_highlight = self._highlighted
                yield menu
            yield QuietLog(id="game-log")
        yield ScreenKeys()

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: MineAllMinesView, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        if self.looking_back and view["phase"] != "over":  # the replay's line names the round
            return t.append(f"turn {view['turn'] + 1}/{view['turns_total']}")
        t.append(f"Round {view['round']}/{view['rounds_total']} ")
        if view["phase"] == "over":
            t.append("· game over ")
        else:
            t.append(f"· turn {view['turn'] + 1}/{view['turns_total']} · ")
            doing = "{0} " + PHASE_TEXT.get(view["phase"], "")
            t.append(with_names(doing, [names[view["seat"]]]) + " ")
        if viewer is not None and len(self.match.humans) > 1:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        title = Text("Mine All Mines ", style="bold").append("· ", style="")
        return title + t if title.cell_len + t.cell_len <= self._width() - 2 else t

    def _width(self) -> int:
        return self.size.width or self.app.size.width

    def cursor_keys(self) -> tuple[str, str]:
        return ("down", "up")

    def board_mounted(self) -> None:
        self._parts = None  # the widgets are new

    @property
    def parts(self) -> "Parts":
        """The board's widgets, found once per compose."""
        if self._parts is None:
            self._parts = Parts(self.query_one(MinesPanel), self.query_one(MarketPanel),
                                self.query_one(PlayersPanel), self.query_one("#hand", HandLine),
                                next(iter(self.query(HintLine)), None), self.query_one(MovesMenu))
        return self._parts

    def show(self, view: MineAllMinesView, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        parts = self.parts
        self._marks = self._last_turn(view)
        self._draw_panels()
        width = self._width()
        set_content(parts.hand, self._hand_text(view, viewer),
                    key=(viewer, freeze(view["hand"]), freeze(view["discards"]), width))
        menu = parts.menu
        key = (tuple(legal), view["seat"], view["phase"])
        if key != self._key:
            self._key = key
            self._filtered = False
            self._under = []
            if legal:
                room = int(width * 0.7) - 7  # the border, padding and "▶1. "
                # (a dwarf that cannot be played is a line too: choosing it says why)
                items: list[tuple[list[str], Action | Unplayable]] = list(
                    menu_items(view, legal, names, room))
                if not any(a.kind == "discard" for a in legal):  # (that line says why)
                    items += [([label], Unplayable(reason))
                              for label, reason in blocked_dwarves(view, legal)]
                menu.set_items(items, title=MENU_TITLES.get(view["phase"], ""), keep=True)
            else:
                menu.set_items([], title="")
                menu.update(self._waiting_text(view, viewer))
        self._draw_mines()
        self._draw_hint()

    def _last_turn(self, view: MineAllMinesView) -> LastTurn:
        """What the turn on show changed (from the log's public lines and the view)."""
        events = self.match.events
        # (the last line itself, not its id: a move taken back frees it for another)
        key = (len(events), events[-1] if events else None, freeze(view["mines"]), view["round"])
        if self._marks_for != key:
            self._marks_for = key
            self._marks_memo = last_turn(events, view)
        return self._marks_memo

    def _draw_panels(self) -> None:
        width = self._width()
        self.parts.market.show(self._view, self.names, width, self._marks,
                               keep_height=not self.looking_back)
        self.parts.players.show(self._view, self.names, width, self._marks)

    def on_resize(self, _event) -> None:
        if self._view is None:
            return
        menu = self.parts.menu  # its lines and the status are written for the width
        top, cursor = not menu.prefix, menu.cursor
        self.parts.market.reset_height()  # (it only grows at one width)
        self._key = None
        self.redraw()
        if top and not menu.prefix and cursor < len(menu.entries()):  # (deeper, set_items keeps it)
            menu.cursor = cursor
            menu.refresh_lines()

    def interlude(self, events: list) -> RoundNotice | None:
        """A new round is shown to everyone before its first turn (see ``RoundNotice``)."""
        if self.looking_back or not any(e.kind == "round" for e in events):
            return None
        return round_notice(events, self.view_of(None), self.names)

    def _waiting_text(self, view: MineAllMinesView, viewer: int | None) -> Text:
        if self.looking_back:
            return Text("Every hand is open: Tab shows another player's dwarves.", style="italic")
        if view["phase"] == "over":
            return Text("The game is over. The results follow.", style="bold")
        who = self.names[view["seat"]]
        if viewer is None:
            return Text(f"Waiting for {who}…  (the table view: nobody's dwarves are shown)",
                        style="italic")
        return Text(f"Waiting for {who}…", style="italic")

    def _hand_text(self, view: MineAllMinesView, viewer: int | None) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        if viewer is None or view["hand"] is None:
            t.append("Hands are secret. ", style="italic dim")
            t.append("(p: a player peeks at their own dwarves)", style="dim")
            return t
        room = int(self._width() * 0.7) - 3
        name = short_names(self.names, 10)[viewer].upper()

        def dwarves(ds: list, chips: bool) -> Text:
            out = Text()
            for i, d in enumerate(ds):
                out.append(", " if i else "")
                if isinstance(d, int):
                    out.append(SHORT[d] if chips else GEM_NAMES[d], style=GEM_STYLES[d])
                else:
                    out.append(short_dwarf(d))
            return out

        for chips in (False, True):
            t = Text(no_wrap=True, overflow="ellipsis")
            t.append(f"{name}: ", style="bold")
            t.append_text(dwarves(view["hand"], chips) if view["hand"] else
                          Text("no dwarves left"))
            if view["discards"]:
                t.append("  · set aside: ", style="dim")
                t.append_text(dwarves(view["discards"], chips))
            if t.cell_len <= room:
                break
        return t

    def _draw_hint(self) -> None:
        """The line above the menu: what the line under the cursor means for you, then which
        key ends the turn and what u would take back now."""
        view = self._view
        parts: list[str] = []
        reasons = [v.reason for v in self._under if isinstance(v, Unplayable)]
        if reasons:
            parts.append(reasons[0])
        elif self._legal:
            parts.extend(move_hint(view, self._under, self.names).split(" · "))
            if not parts[0] and END not in self._legal:
                parts[0] = PHASE_HINTS.get(view["phase"], "")
            parts.append(self._undo_text())
            if END in self._legal:
                parts.append("e: end your turn")
        hint = self.parts.hint
        if hint is None:
            return
        room = hint.content_size.width or int(self._width() * 0.7) - 3
        text = ""
        for part in filter(None, parts):  # whole parts only, the first one always
            joined = f"{text} · {part}" if text else part
            if not text or len(joined) <= room:
                text = joined
        set_content(hint, Text(text))

    def _undo_text(self) -> str:
        seat, log = self.viewer, self.match.log
        if seat is None or not log or log[-1][0] != seat or log[-1][1].kind in ("end", "discard"):
            return ""
        try:
            refusal = self.match.undo_refusal(seat)
        except IllegalAction:  # a position not made from its seed and log: nothing to take back
            return ""
        if refusal is None:
            return f"u: take back {undone_label(log[-1][1])}"
        if log[-1][1].kind == "buy":
            return "your purchase stands: it turned up a new card"
        return ""

    def _draw_mines(self) -> None:
        if self._view is None:
            return
        legal_places = targets(self._view, self._legal)
        chosen = targets(self._view, [a for a in self._under if isinstance(a, Action)])
        self.parts.mines.show(self._view["mines"], self.names, legal_places, chosen,
                              self._width(), self._marks.places,
                              self._hinted if self._legal else frozenset())

    def mark_hint(self, actions) -> None:
        """The coach's pick (after h): the place its dwarf would go is marked ☆ on the mines
        until the decision is made."""
        self._hinted = frozenset(targets(self._view, actions)) if actions and self._view \
            else frozenset()
        if self._view is not None and self.is_attached:
            self._draw_mines()

    def _highlighted(self, values: list) -> None:
        """The line under the menu's cursor changed (told at once, in the same frame)."""
        self._under = list(values)
        self._draw_mines()
        self._draw_hint()

    def on_choice_tree_chosen(self, message: MovesMenu.Chosen) -> None:
        message.stop()
        if isinstance(message.value, Unplayable):
            self.parts.menu.refresh_lines()  # the cursor is on it now
            self._tell(message.value.reason)
            return
        self._filtered = False
        self.submit(message.value)

    def on_mines_panel_place_clicked(self, message: MinesPanel.PlaceClicked) -> None:
        message.stop()
        here = [a for a in self._legal if (m := targets(self._view, [a])) and
                (message.mine, message.place) in m]
        if not here:
            self._tell("No move of yours can use that place now.")
            return
        if len(here) == 1:
            self.submit(here[0])
            return
        menu = self.parts.menu
        menu.set_items([(path(self._view, a, self.names)[1:], a) for a in here],
                       title="Choose how to play there (Esc: all moves):")
        self._filtered = True

    def _tell(self, message: str) -> None:
        """A one-line notice (the app replaces one with the same words, never stacks them)."""
        self.notify(message, timeout=3)

    # -- keys ----------------------------------------------------------------------------------
    def _acting(self) -> bool:
        if self._legal:
            return True
        if self._view is not None and self._view["phase"] != "over":
            self._tell("It is not your turn.")
        return False

    def action_move(self, delta: int) -> None:
        if self._acting():
            self.parts.menu.move(delta)

    def action_choose(self) -> None:
        if self._acting():
            self.parts.menu.choose()

    def action_pick(self, index: int) -> None:
        if not self._acting():
            return
        menu = self.parts.menu
        entries = menu.entries()
        if not menu.prefix and index < len(entries) and entries[index][0] == END_LABEL:
            self._tell("End your turn has a key of its own: e.")
            return
        menu.choose(index)

    def action_end_turn(self) -> None:
        if not self._acting():
            return
        if END in self._legal:
            self._filtered = False
            self.submit(END)
            return
        phase = self._view["phase"]
        self._tell({"play": "Play a dwarf first (the menu): then e ends your turn.",
                    "steal": "Choose what to steal first: then e ends your turn.",
                    "lamp": "Finish with the Lamp first: then e ends your turn."}.get(
            phase, "You cannot end your turn yet."))

    def action_back(self) -> None:
        if not self._acting():
            return
        menu = self.parts.menu
        if menu.back():
            return
        if self._filtered:
            self._key = None
            self.redraw()

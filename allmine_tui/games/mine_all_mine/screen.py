"""The Mine, All Mine! table: planet and moon, the score track, your ship cards and your fleet.

After the last launch a ``ResolutionScreen`` (resolution.py) replays the round turn by turn; **v**
shows it again until the next round is played.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...engine import Action
from ...engine.names import short_names, with_names
from ...engine.views import own
from ...ui.screens.play import PlayScreen
from ...ui.screens.public_changes import PublicChanges
from ...ui.widgets.draw import set_content
from ...ui.widgets.log import GameLog
from .data import load_ships, ship_of
from .resolution import ResolutionScreen, final_markers
from .hand import HandRow
from .widgets import (Board, FleetLine, KeysLine, PlanetPanel, PromptLines, ScoreTrack, changes,
                      public_part, round_just_played)
from .views import MineAllMineView

__all__ = ["MineAllMineScreen", "ResolutionScreen"]

CONTROLS = """
- **Assembling your fleet:** ←/→ choose one of your ship cards (the cursor card has a heavy border
  and ▶ #n ◀ on top; ◀ n and n ▶ beside the cards say how many more are out of view), ↑/↓ (or
  1–4; 1–2 on the beginner sides) choose the option row, which stays where you put it as you
  move between cards. Space or Enter adds the card with that option to your fleet (✔ and a green
  card), switches it to that option if the card is already in with another, or takes it out if
  it is in with that one. **L** launches the fleet (at least one card); with more than one
  person at the keyboard, the first L asks (L or Enter again launches, Esc or any other key
  goes on assembling), because the next curtain makes the launch final. The line under your
  cards always starts with the fleet's sums (Speed, Attack, Cargo), then its cards; the lines
  above them explain the option under the cursor.
- **u** takes back the last card you added or took out, and even the launch while another
  player is still assembling (nothing has been revealed yet).
- **Mouse:** click an option of a card to add it (click it again to take it back); click **Launch**
  (twice in hot seat).
- **Resolution:** after the last launch the round is replayed: Enter or → shows the next turn,
  ← the turn before, **R** runs to the end, Enter closes it. The location being mined has a
  heavy box with ▼, and • marks the fleets the step is about (just arrived, or at that
  location) with what they mined there (+n). Everything is also in the log. **v** shows the
  last round again; the score table keeps each player's last fleet (✦ an action, ✗ it fled).
- **What just changed:** • marks the newest launches (everyone who launched since the table was
  last drawn: bots that launch at once are marked together), and after a round the points each
  player just scored and the fleets they flew, until the next launch.
- **Learning:** **l** (Learn to play) on the picker starts a guided game against one bot, with
  a coach explaining each part the first time it comes up. **k** lists every mark of this table
  and what it means (a mark under the mouse explains itself too, also in the round's replay);
  **h** asks the coach for a hint (☆ marks its pick on your cards).
- **p** lets a human peek at their own cards between turns (behind the curtain), **q** goes back to
  the menu (the game is saved after every move), **?** shows this help.
"""


class MineAllMineScreen(PlayScreen[MineAllMineView]):
    CONTROLS = CONTROLS
    # All priority: a priority key runs at once while a plain one waits in the focused widget's
    # queue, so mixing them could reorder a fast burst of keys (→ before the Space typed first).
    BINDINGS = [
        Binding("left", "move(-1)", "←", show=False, priority=True),
        Binding("right", "move(1)", "→", show=False, priority=True),
        Binding("up", "option(-1)", "↑", show=False, priority=True),
        Binding("down", "option(1)", "↓", show=False, priority=True),
        Binding("1", "pick(0)", "1", show=False, priority=True),
        Binding("2", "pick(1)", "2", show=False, priority=True),
        Binding("3", "pick(2)", "3", show=False, priority=True),
        Binding("4", "pick(3)", "4", show=False, priority=True),
        # (listed in the keys line above the cards while they work, not in the one below)
        Binding("enter,space", "add_remove", "Add/remove", show=False, priority=True),
        Binding("l,L", "launch", "Launch", show=False, priority=True),
        Binding("escape", "keep_assembling", "Keep assembling", show=False, priority=True),
        Binding("v", "last_round", "Last round", show=False, priority=True),
    ]

    LEGEND = [
        ("◆", "resources waiting at a location: one ◆ each (six at most are drawn), with their "
              "number beside them"),
        ("1st", "a location: fleets reach the 1st, 2nd, 3rd… in turn order (4th to 6th are on "
                "the moon, with 3 or 4 players)"),
        ("high end", "the planet card lies with its rich numbers toward the players this round "
                     "(a coin flip every round)"),
        ("low end", "the planet card lies with its poor numbers toward the players this round "
                    "(a coin flip every round)"),
        ("#", "a ship card's number; #2A is card 2 played as its ship A, #2✦ as its action"),
        ("S A C", "a ship's Speed, Attack and Cargo: A S4 A2 C2 is ship A with Speed 4, Attack "
                  "2 and Cargo 2"),
        ("✦", "an action, a card's fourth option: its numbers add to the fleet like a ship's, "
              "and its special rule works for that fleet"),
        ("▶", "whose turn it is to assemble; on your cards, the card and option under the "
              "cursor (n ▶: n more cards out of view)"),
        ("◀", "the card under the cursor sits between ▶ and ◀; ◀ n on the left: n more cards "
              "out of view"),
        ("▶ Launch", "the Launch button: click it or press L to launch your fleet"),
        ("✔", "the option of this card that is in your fleet"),
        ("in fleet", "this card is in the fleet you are assembling (it turns green)"),
        ("☆", "the coach's pick after a hint (h): the option it would put in your fleet"),
        ("launched", "this player's fleet is ready; it stays secret until every fleet is "
                     "launched, then all are revealed at once"),
        ("assembling", "this player is still choosing their fleet"),
        ("(you)", "the player whose cards are on screen"),
        ("█", "a player's score as a bar, full for the leader"),
        ("•", "what just changed: the newest launches, and after a round the points each player "
              "just scored (•+n) and the fleet they flew"),
        ("→", "where a fleet arrived (in the replay, a name with → is still on its way)"),
        ("✗", "that fleet was chased off by a stronger Attack: it keeps what it had mined but "
              "mines nothing more this round"),
        ("pts", "the points a fleet scored last round: resources mined plus any action bonus"),
        ("▼", "in the round's replay (v), the location being mined at this turn (a location "
              "already mined shows what is left there, as 2/5 left)"),
    ]

    # the viewer's screen state (VIEWER_STATE: set afresh for each viewer)
    cursor: int  # the card under the cursor, in the hand
    option: int  # the option under the cursor
    _view: MineAllMineView  # None only before the first drawing
    _legal: list[Action]
    _hinted: dict[int, int] | None  # the fleet the coach's pick would launch: card -> option

    VIEWER_STATE = {"cursor": 0, "option": 0, "_view": None, "_legal": [], "_hinted": None,
                    "_confirming": False}
    _confirming: bool  # hot seat: L was pressed once, the prompt asks to confirm the launch

    def __init__(self, session) -> None:
        super().__init__(session)
        # what the last public move changed (the same for every viewer: kept across them)
        self._public_changes = PublicChanges(public_part, changes)

    def compose_board(self) -> ComposeResult:
        with Board(id="board"):
            yield PlanetPanel(id="planets")
            yield ScoreTrack(id="scores")
            yield PromptLines(id="prompt")
            yield KeysLine(id="keys")
            yield HandRow(id="hand")
            yield FleetLine(id="fleet")

    def board_mounted(self) -> None:
        log = self.query_one(GameLog).styles  # the rest of the screen
        log.height, log.min_height = "1fr", 3
        self._planets = self.query_one(PlanetPanel)
        self._scores = self.query_one(ScoreTrack)
        self._prompt_w = self.query_one(PromptLines)
        self._keys_w = self.query_one(KeysLine)
        self._hand = self.query_one(HandRow)
        self._fleet = self.query_one(FleetLine)

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: MineAllMineView, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("Mine, All Mine! ", style="bold")
        if getattr(self.session, "timeline", None) is None:  # (a replay's line names it)
            t.append(f"· Round {min(view['round'], view['rounds_total'])}/"
                     f"{view['rounds_total']} ")
        if view["mode"] == "beginner":
            t.append("· beginner sides ")
        if view["phase"] == "over":
            t.append("· game over ")
        elif getattr(self.session, "timeline", None) is not None:  # a replay: a short line
            t.append(f"· {sum(view['launched'])}/{view['n']} fleets launched ")
        else:
            done = sum(view["launched"])
            t.append(f"· assembling fleets ({done}/{view['n']} launched) ")
        if viewer is not None and len(self.match.humans) > 1 and self.flow.private_views:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        if not self.flow.private_views:
            return t  # the final table or a replay: their own words come first (the scores
            # are on the score track)
        scores = "   ".join(f"{n} {s}" for n, s in zip(names, view["scores"]))
        room = self.app.size.width - len(t.plain) - 3
        if room >= len(scores):
            t.append(" " * (room - len(scores)) + scores)
        return t

    def changed(self, view: MineAllMineView) -> dict:
        """What the last public moves changed, from the public part of the views only: the
        launches since the table was last drawn (in a replay: against the position before), and the round just played
        (until a person launches in the next one)."""
        out = dict(self._public_changes.of(self, view))
        if round_just_played(view, self.match.humans):
            out["round"] = True
        return out

    def show(self, view: MineAllMineView, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        markers = None
        planets = view["planets"]
        if view["phase"] == "over" and view["last_round"]:
            planets = view["last_round"]["planets"]
            markers = final_markers(view["last_round"], names)
        self._planets.show(planets, markers)
        self._scores.show(view, names, viewer, self.changed(view),
                          v_hint=self.flow.private_views)
        acting = bool(legal) and bool(view["hand"])
        self._fleet.show(view, viewer, acting)
        set_content(self._keys_w, self._keys(view, legal))
        self._draw_choice()

    def _draw_choice(self) -> None:
        """What a key of the person deciding changes: the hand and the prompt (nothing else is
        drawn again for a cursor)."""
        view, viewer = self._view, self.viewer
        hand = view["hand"] or []
        acting = bool(self._legal) and bool(hand)
        if hand:
            self.cursor = min(self.cursor, len(hand) - 1)
            self.option = min(self.option, self._options() - 1)
        chosen = {c: o for c, o in (view["pending"] or [])}
        caption = "HAND" if viewer is None else short_names(self.names, 7)[viewer].upper()
        hinted = self._hinted if acting else None
        self._hand.show(hand, view["mode"], chosen, self.cursor if acting else None,
                        self.option, caption, hinted)
        set_content(self._prompt_w, self._prompt(view, viewer, self._legal))

    def mark_hint(self, actions) -> None:
        """The coach's pick after a hint: the fleet its move would launch, marked ☆ on the
        cards' options (until the next move)."""
        fleet = None
        view = getattr(self, "_view", None)
        if actions and view is not None:
            fleet = {c: o for c, o in (view["pending"] or [])}
            for action in actions:
                if action.kind == "remove":
                    fleet.pop(action.args[0], None)
                elif action.kind == "add":
                    fleet[action.args[0]] = action.args[1]
        self._hinted = fleet
        if view is not None and self.is_attached:
            self._draw_choice()

    def _prompt(self, view: MineAllMineView, viewer: int | None, legal: list[Action]) -> Text:
        names = self.names
        if view["phase"] == "over":
            if not self.flow.private_views and getattr(self.session, "timeline", None) is None:
                # the final table
                return Text(f"The game is over: Tab or 1–{view['n']} show another player's "
                            f"cards, v replays the game.", style="bold")
            if not self.flow.private_views:  # a replay, at its end
                return Text("The game is over.")
            return Text("The game is over. The results follow.", style="bold")
        waiting = ", ".join(names[s] for s in view["to_act"])
        if viewer is None:
            return Text(f"Waiting for {waiting}…  (table view: no cards are shown; "
                        f"p lets a player peek at their own cards)", style="italic")
        if not legal:
            done = "Fleet launched. " if view["launched"][viewer] else ""
            return Text(f"{done}Waiting for {waiting}…", style="italic")
        hand = view["hand"] or []
        if self._confirming:
            cards = len(view["pending"] or [])
            return Text(f"Launch this fleet of {cards} card{'s' if cards != 1 else ''}? Once "
                        f"the next player has the keyboard it cannot be taken back.\n"
                        f"L or Enter: launch · Esc or any other key: keep assembling",
                        style="bold yellow")
        t = Text()
        if hand:
            number = hand[min(self.cursor, len(hand) - 1)]
            option = min(self.option, self._options() - 1)
            ship = ship_of(number, option, view["mode"])
            t.append(f"#{number} ", style="bold")
            chosen = {c: o for c, o in view["pending"] or []}.get(number)
            if chosen is not None:
                t.append("(in your fleet" + ("" if chosen == option else
                                             f" as {'ABC✦'[chosen]}") + ") ", style="green")
            if ship is None:
                action = load_ships()[number].action
                t.append(f"✦ {action.name}: ", style="bold green")
                t.append(action.text)
            else:
                t.append(f"ship {'ABC'[option]}: Speed {ship.speed}, Attack {ship.attack}, "
                         f"Cargo {ship.cargo}", style="bold")
        # three lines, wrapped here (the widget never wraps)
        lines = t.wrap(self.app.console, max(20, self.app.size.width - 2))
        return Text("\n").join(list(lines)[:3])

    def _keys(self, view: MineAllMineView, legal: list[Action]) -> Text:
        # (in the final table and a replay, v replays the game)
        last = "v last round" if view["last_round"] and self.flow.private_views else ""
        if not legal or not view["hand"]:
            return Text(last)
        k = self._options()
        t = Text(f"←/→ card · ↑/↓ or 1–{k} option · Space add/switch/remove · L launch · u undo")
        if last:
            t.append(f" · {last}")
        return t

    def interlude(self, events: list):
        if not any(e.kind == "scored" for e in events):
            return None
        record = self.view_of(None)["last_round"]
        if record is None:
            return None
        texts = [(e.kind, with_names(e.text_for(None), self.names)) for e in events]
        return ResolutionScreen(record, self.names, texts)

    def on_resize(self, event) -> None:
        """The hand's window, the fleet line and the score track fit the new width."""
        if self._view is not None:
            self.redraw()

    # -- input ---------------------------------------------------------------------------------
    def _acting(self) -> bool:
        if self._legal and self._view is not None and self._view["hand"]:
            return True
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your turn to assemble a fleet.", severity="information",
                        timeout=2)
        return False

    def _options(self) -> int:
        return 2 if self._view and self._view["mode"] == "beginner" else 4

    def action_move(self, delta: int) -> None:
        if not self._acting():
            return
        if self._confirming:
            self._unconfirm()
            self._draw_choice()
        cursor = max(0, min(len(own(self._view["hand"])) - 1, self.cursor + delta))
        if cursor == self.cursor:
            return  # the end of the hand: the cursor stays (the option row too)
        self.cursor = cursor
        self._draw_choice()

    def action_option(self, delta: int) -> None:
        if not self._acting():
            return
        if self._confirming:
            self._unconfirm()
            self._draw_choice()
        option = max(0, min(self._options() - 1, self.option + delta))
        if option == self.option:
            return  # the first or last option: the cursor stays
        self.option = option
        self._draw_choice()

    def action_pick(self, option: int) -> None:
        if not self._acting():
            return
        if self._confirming:
            self._unconfirm()
            self._draw_choice()
        if option >= self._options():
            self.notify(f"Cards have only {self._options()} options in beginner mode.",
                        severity="warning", timeout=3)
            return
        self.option = option
        self._draw_choice()

    def _toggle(self, card: int, option: int) -> None:
        pending = {c: o for c, o in own(self._view["pending"])}
        if card in pending:
            if not self.submit(Action("remove", (card,))):
                return
            if pending[card] == option:
                return
        self.submit(Action("add", (card, option)))

    def action_add_remove(self) -> None:
        """Enter or Space: the option under the cursor goes in the fleet, replaces the card's
        other option there, or (the same option again) comes out of it. While a launch waits for
        its confirmation, Enter launches."""
        if not self._acting():
            return
        if self._confirming:
            self.action_launch()
            return
        self._toggle(own(self._view["hand"])[self.cursor], self.option)

    def action_launch(self) -> None:
        """L (or the Launch button). In hot seat the curtain comes up for the next person at
        once and the launch can no longer be taken back, so the first L asks, and a second L
        (or Enter) launches; anything else goes on assembling."""
        if not self._acting():
            return
        if not self.flow.solo and not self._confirming and self._view["pending"]:
            self._confirming = True
            self._draw_choice()
            return
        self._confirming = False
        self.submit(Action("launch"))

    def action_keep_assembling(self) -> None:
        """Esc while the launch waits for its confirmation: back to assembling."""
        if self._confirming:
            self._confirming = False
            self._draw_choice()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "keep_assembling" and not getattr(self, "_confirming", False):
            return False  # (Esc does what it does elsewhere)
        return super().check_action(action, parameters)

    def _unconfirm(self) -> None:
        """Any other key while the launch waits for its confirmation: no launch."""
        self._confirming = False

    def action_last_round(self) -> None:
        """Show the last round's replay again (every fleet was revealed: public)."""
        screen = self._last_round_screen()
        if screen is None:
            self.notify("No round has been played yet.", severity="information", timeout=2)
            return
        self.app.push_screen(screen)

    def _last_round_screen(self) -> ResolutionScreen | None:
        record = self.view_of(None)["last_round"]
        if record is None:
            return None
        events = self.match.events
        end = max((i for i, e in enumerate(events) if e.kind == "scored"), default=len(events) - 1)
        begin = max((i for i, e in enumerate(events[:end]) if e.kind in ("scored", "deal")),
                    default=-1) + 1
        texts = [(e.kind, with_names(e.text_for(None), self.names)) for e in events[begin:end + 1]
                 if e.kind != "undo"]
        return ResolutionScreen(record, self.names, texts)

    def on_hand_row_option_clicked(self, message: HandRow.OptionClicked) -> None:
        message.stop()
        if not self._acting():
            return
        if self._confirming:
            self._unconfirm()
            self._draw_choice()
        hand = own(self._view["hand"])
        if message.card in hand:
            self.cursor = hand.index(message.card)
        self.option = message.option
        self._toggle(message.card, message.option)

    def on_fleet_line_launch(self, message: FleetLine.Launch) -> None:
        message.stop()
        self.action_launch()

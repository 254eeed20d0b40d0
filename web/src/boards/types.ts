// The interface between the match page and a game's board. A board module draws one game's
// typed view as SVG and says which of the prompt's choices it shows as clickable things on
// the board; the match page turns every other choice into a button. See web/README.md.
import type { ComponentType } from "preact";
import type { Choice, GameView, LogEntry, MatchReference, Prompt } from "../gen/hustings/v1/hustings_pb";
import type { MatchState } from "../match/connection";
import type { Parties } from "../match/outcome";

/** What a board is given each time it is drawn. */
export interface BoardProps {
  /** The typed view (`GameView.game` is this board's case), with the reference kept apart. */
  view: GameView;
  /** The match's fixed data: the board's spaces, every card's text (by card id). */
  reference: MatchReference | undefined;
  /** Everything else the stream said: seats, log, who acts, the outcome … */
  state: MatchState;
  /** The choices this board claimed that may be clicked now (empty when the viewer has
   * nothing to decide or a choice is on its way): draw each as a highlighted, focusable
   * thing whose click (or Enter) calls `choose` with its id. */
  offered: Choice[];
  /** Sends a choice (once: later calls are ignored until the match moves on). */
  choose: (choiceId: string) => void;
}

/** One game's board. */
export interface BoardModule {
  /** The game id it draws (`GameInfo.id`). */
  game: string;
  /** True for the choices this board draws as clickable things; the rest become buttons.
   * Claim only choices the board really shows while offered. */
  claims: (choice: Choice, view: GameView) => boolean;
  /** Draws the board. */
  Board: ComponentType<BoardProps>;
  /** The prompt's place in a multi-step decision ("cube 3 of 8"), when the view (and the
   * log, the whole one the viewer may see) says so; the match page falls back to reading
   * "N of M" in the prompt's text. */
  progress?: (view: GameView, prompt: Prompt, log: LogEntry[]) => { label: string; done: number; total: number } | undefined;
  /** Who plays besides the seats, for the outcome's words ("You both lose to the
   * Oppobot"): the seats' sides where seats are partners, and a player holding no seat.
   * Without it every player is a seat and each plays for itself. */
  parties?: (view: GameView) => Parties;
}

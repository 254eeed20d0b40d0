// Which board draws which game. A game without a module of its own — one a newer server
// hosts that this client does not know (a page served elsewhere, e.g. a development server
// with --cors-origin, or a client built before the game was added) — gets the generic
// board: its typed view as a readable outline, every choice a button, so every game stays
// playable. `?board=generic` in the page's address forces it for any game (to see what a
// new game's view holds before its board exists; the browser tests play through it).
// To add a board: write boards/<game>.tsx exporting a BoardModule, and list it here.
import type { BoardModule } from "./types";
import { generic } from "./generic";
import { presidency } from "./presidency";
import { theVote } from "./the_vote";
import { votesForWomen } from "./votes_for_women";

const BOARDS: BoardModule[] = [
  presidency,
  votesForWomen,
  theVote,
];

/** True when the page's address asks for the generic board (`?board=generic`). */
function genericForced(): boolean {
  return new URLSearchParams(location.search).get("board") === "generic";
}

/** The board for a game id. */
export function boardFor(game: string): BoardModule {
  if (genericForced()) return generic;
  return BOARDS.find((b) => b.game === game) ?? generic;
}

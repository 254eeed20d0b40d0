// Which board draws which game. A game without a module of its own gets the generic board
// (its typed view as a readable outline, every choice a button), so every game is playable.
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

/** The board for a game id. */
export function boardFor(game: string): BoardModule {
  return BOARDS.find((b) => b.game === game) ?? generic;
}

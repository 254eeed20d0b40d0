// The outcome's headline in the words a player expects: "You win", "The Oppobot wins",
// "You both lose to the Oppobot", "Purple and Yellow win", "You share the win with …".
//
// `Outcome.winners` lists seats only, so "no seat won" (`Outcome.draw`) is a draw only when
// every player holds a seat. A game may have a player that holds none — Votes for Women's
// Oppobot in solitaire and co-op — and then an empty list means that player won. The board
// module says who that is, and which seats are partners (win and lose together), from the
// typed view (see `BoardModule.parties`); the catalogue's seat names name the seats.

/** Who plays a match besides its seats, as far as the outcome's words need it. */
export interface Parties {
  /** Each seat's side, where seats play in teams (partners share a side); else undefined. */
  sides?: string[];
  /** A player that holds no seat (an automated opponent, e.g. "the Oppobot"): it has won
   * when no seat has. */
  outsider?: string;
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The headline for an outcome won by `winners` (seat numbers), among seats `seatNames`,
 * seen by seat `viewer` (undefined: a spectator). */
export function outcomeHeadline(winners: readonly number[], seatNames: readonly string[], viewer: number | undefined, parties: Parties = {}): string {
  const name = (seat: number) => seatNames[seat] ?? `Seat ${seat}`;
  const seats = seatNames.length;
  const sideOf = (seat: number) => parties.sides?.[seat];
  if (winners.length === 0) {
    const o = parties.outsider;
    if (!o) return "A draw: nobody wins";
    if (viewer === undefined || seats <= 1) return `${capital(o)} wins`;
    return `${seats === 2 ? "You both" : "You all"} lose to ${o}`;
  }
  // Winners all on one side (partners), as opposed to rivals sharing a win (a tie).
  const first = winners[0] ?? 0;
  const team = winners.length > 1 && sideOf(first) !== undefined && winners.every((w) => sideOf(w) === sideOf(first));
  const allSeats = winners.length === seats;
  if (viewer !== undefined && winners.includes(viewer)) {
    const others = winners.filter((w) => w !== viewer).map(name);
    if (others.length === 0) return "You win";
    if (!team) return `You share the win with ${list(others)}`;
    if (allSeats) return seats === 2 ? "You both win" : "You all win";
    return `You and ${list(others)} win`;
  }
  const names = winners.map(name);
  if (winners.length === 1) return `${names[0] ?? ""} wins`;
  return team ? `${list(names)} win` : `${list(names)} share the win`;
}

/** The question that confirms a resignation, saying who wins by it: alone at the table (a
 * solitaire) the game's automated opponent does, as the terminal client says too. */
export function resignQuestion(seats: number): string {
  return seats === 1 ? "Resign this match? The automated opponent wins." : "Resign this match? Every other seat wins.";
}

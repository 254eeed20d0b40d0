// What the browser remembers: the seats this browser holds (their secret tokens, the only way
// back into a seat) and the player's display name, in localStorage.

/** A seat this browser joined. */
export interface HeldSeat {
  matchId: string;
  seat: number;
  seatName: string;
  token: string;
  game: string;
  variant: string;
  /** When it was joined, ms since the epoch. */
  joinedAt: number;
}

const SEATS = "hustings.seats.v1";
const NAME = "hustings.name.v1";

function isHeldSeat(x: unknown): x is HeldSeat {
  if (typeof x !== "object" || x === null) return false;
  const s = x as Record<string, unknown>;
  return (
    typeof s.matchId === "string" &&
    typeof s.seat === "number" &&
    typeof s.token === "string" &&
    typeof s.seatName === "string" &&
    typeof s.game === "string"
  );
}

/** Every seat held, newest first. */
export function heldSeats(): HeldSeat[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEATS) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isHeldSeat) : [];
  } catch {
    return [];
  }
}

function save(seats: HeldSeat[]): void {
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

/** Remembers a seat (replacing an older token for the same match and seat). */
export function rememberSeat(s: HeldSeat): void {
  const rest = heldSeats().filter((h) => !(h.matchId === s.matchId && h.seat === s.seat));
  save([s, ...rest]);
}

/** Forgets a seat. */
export function forgetSeat(matchId: string, seat: number): void {
  save(heldSeats().filter((h) => !(h.matchId === matchId && h.seat === seat)));
}

/** The seats held in one match, lowest seat first. */
export function seatsIn(matchId: string): HeldSeat[] {
  return heldSeats()
    .filter((h) => h.matchId === matchId)
    .sort((a, b) => a.seat - b.seat);
}

/** The display name to join with. */
export function displayName(): string {
  return localStorage.getItem(NAME) ?? "";
}

/** Remembers the display name. */
export function setDisplayName(name: string): void {
  localStorage.setItem(NAME, name);
}

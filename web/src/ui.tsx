// Small pieces of HTML the pages share: seat chips (colour, shape and letter), durations,
// dice faces, a ticking clock, and an account's handle linking to its profile.
import { useEffect, useState } from "preact/hooks";
import { seatColor } from "./boards/svg";
import type { MatchSummary, SeatSummary } from "./gen/hustings/v1/hustings_pb";
import { href } from "./route";
import { holderName } from "./seats";

/** "@ada" linking to the account's profile; " (bot)" after a bot account's. */
export function HandleLink({ handle, bot = false }: { handle: string; bot?: boolean }) {
  return (
    <>
      <a class="handle" href={href.profile(handle)} data-handle={handle} title={`@${handle}'s profile`}>
        @{handle}
      </a>
      {bot && " (bot)"}
    </>
  );
}

/** Each seat and its holder, handles linking to their profiles. */
export function SeatsLine({ m, skip = [] }: { m: MatchSummary; skip?: number[] }) {
  const seats = m.seats.filter((s) => !skip.includes(s.seat));
  return (
    <>
      {seats.map((s, i) => (
        <span key={s.seat}>
          {i > 0 && " · "}
          {s.name}: <Holder seat={s} />
        </span>
      ))}
    </>
  );
}

/** A seat's holder as `holderLine` words it, the account's handle a link to its profile. */
export function Holder({ seat, botWord }: { seat: SeatSummary; botWord?: (ai: string) => string }) {
  const name = holderName(seat, botWord);
  if (!seat.handle) return <>{name}</>;
  const same = seat.playerName.toLowerCase() === seat.handle.toLowerCase();
  return (
    <>
      {same ? "" : `${name} `}
      <HandleLink handle={seat.handle} bot={seat.handleBot} />
    </>
  );
}

const SHAPES = ["●", "■", "◆", "▲", "⬢", "⬟"];

/** Letters for the seats: their names' initials when those differ, else numbers from 1. */
export function seatLetters(names: string[]): string[] {
  const initials = names.map((n) => (n[0] ?? "?").toUpperCase());
  return new Set(initials).size === initials.length ? initials : names.map((_, i) => String(i + 1));
}

/** A seat's colour, shape and letter, as one inline badge. */
export function SeatChip({ seat, letter }: { seat: number; letter: string }) {
  return (
    <span class="seat-chip" style={{ background: seatColor(seat) }} aria-hidden="true">
      <span class="seat-chip-shape">{SHAPES[seat % SHAPES.length]}</span>
      {letter}
    </span>
  );
}

/** "4:05", "1:02:03", "9.5 s" (tenths below ten seconds). */
export function formatClock(ms: number): string {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** A die's face as a character (a number beyond 6 as itself). */
export function dieFace(n: number): string {
  return FACES[n - 1] ?? String(n);
}

/** `performance.now()`, refreshed every `ms` while `on`. */
export function useNow(ms: number, on: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(performance.now()), ms);
    return () => clearInterval(t);
  }, [ms, on]);
  return on ? now : performance.now();
}

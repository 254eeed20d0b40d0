// What a player's absence leads to in a match (issue 39), in the lobby's words and as the
// choices the new-match form offers. The server's rule: once a seat that must act has had
// no open stream for the match's grace, the others may claim the win — people only, unless
// the match lets bots claim too.
import type { MatchSummary } from "../gen/hustings/v1/hustings_pb";

/** `180_000` → "3 min", `5_400_000` → "1 h 30 min", `86_400_000` → "1 day". */
export function graceWords(ms: number): string {
  const secs = Math.round(ms / 1000);
  const parts: string[] = [];
  const units: [number, string, string][] = [
    [86_400, "day", "days"],
    [3_600, "h", "h"],
    [60, "min", "min"],
    [1, "s", "s"],
  ];
  let left = secs;
  for (const [size, one, many] of units) {
    if (left >= size) {
      const n = Math.floor(left / size);
      parts.push(`${n} ${n === 1 ? one : many}`);
      left %= size;
    }
  }
  return parts.length > 0 ? parts.join(" ") : "0 s";
}

/** The lobby's line: after how long away the others may claim, and who may. */
export function absenceText(m: Pick<MatchSummary, "abandonGraceMs" | "botsClaimWins">): string {
  if (m.abandonGraceMs === 0n) return "no win by absence";
  const who = m.botsClaimWins ? "anyone" : "people";
  return `away ${graceWords(Number(m.abandonGraceMs))} → ${who} may claim the win`;
}

/** The new-match form's grace choices: the value sent (milliseconds; undefined: the
 * server's default) and its label. */
export const GRACE_CHOICES: { value: string; label: string; ms: bigint | undefined }[] = [
  { value: "default", label: "the server's default", ms: undefined },
  { value: "60000", label: "1 min", ms: 60_000n },
  { value: "300000", label: "5 min", ms: 300_000n },
  { value: "1800000", label: "30 min", ms: 1_800_000n },
  { value: "86400000", label: "1 day", ms: 86_400_000n },
  { value: "0", label: "never", ms: 0n },
];

/** The match's clock in words: "no clock", "30 s a decision", "10 min + 5 s",
 * "1 day + 4 h a move, up to 3 days". */
export function paceText(m: Pick<MatchSummary, "clock">): string {
  const k = m.clock?.kind;
  switch (k?.case) {
    case "perDecision":
      return `${graceWords(Number(k.value.limitMs))} a decision`;
    case "game": {
      const { baseMs, incrementMs, maxMs } = k.value;
      const base = `${graceWords(Number(baseMs))} + ${graceWords(Number(incrementMs))}`;
      return maxMs > 0n ? `${base} a move, up to ${graceWords(Number(maxMs))}` : base;
    }
    default:
      return "no clock";
  }
}

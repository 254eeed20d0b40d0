// Pieces every board draws with: a clickable choice on the board, dice, seat marks (a colour
// and a shape and a letter, so no seat is told apart by colour alone) and text wrapping.
import type { ComponentChildren } from "preact";
import type { Choice } from "../gen/hustings/v1/hustings_pb";

/** Seat colours, chosen to stay apart for the common colour-blindnesses (Okabe–Ito). */
const SEAT_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

export function seatColor(seat: number): string {
  return SEAT_COLORS[seat % SEAT_COLORS.length] ?? "#555";
}

/** A choice offered on the board: highlighted, focusable, clicked or Entered to choose it.
 * Its `data-choice` attribute holds the choice id (the browser tests find it by that). */
export function Clickable(props: {
  choice: Choice;
  choose: (id: string) => void;
  label?: string;
  children: ComponentChildren;
}) {
  const { choice, choose } = props;
  return (
    <g
      class="clickable offered"
      role="button"
      tabIndex={0}
      data-choice={choice.id}
      aria-label={props.label ?? choice.label}
      onClick={(e) => {
        e.stopPropagation();
        choose(choice.id);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          choose(choice.id);
        }
      }}
    >
      <title>{props.label ?? choice.label}</title>
      {props.children}
    </g>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

/** A six-sided die showing `value` (1–6; any other number is written on it). */
export function Die(props: { x: number; y: number; size: number; value: number }) {
  const { x, y, size, value } = props;
  const pips = PIPS[value];
  return (
    <g class="die" transform={`translate(${x},${y})`} data-value={value}>
      <rect width={size} height={size} rx={size / 6} class="die-face" />
      {pips
        ? pips.map(([px, py], i) => <circle key={i} cx={px * size} cy={py * size} r={size / 11} class="pip" />)
        : (
          <text x={size / 2} y={size * 0.65} text-anchor="middle" class="die-number">
            {value}
          </text>
        )}
    </g>
  );
}

/** The outline of seat `seat`'s mark: circle, square, diamond, triangle, hexagon, pentagon. */
function shapePath(seat: number, r: number): string | undefined {
  const poly = (n: number, rot: number) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (i * 2 * Math.PI) / n;
      return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
    }).join(" ");
  switch (seat % 6) {
    case 0:
      return undefined;
    case 1:
      return poly(4, Math.PI / 4);
    case 2:
      return poly(4, 0);
    case 3:
      return poly(3, -Math.PI / 2);
    case 4:
      return poly(6, 0);
    default:
      return poly(5, -Math.PI / 2);
  }
}

/** A seat's pawn or badge: its colour, its shape and its letter. */
export function SeatMark(props: { seat: number; letter: string; x: number; y: number; r: number; current?: boolean }) {
  const { seat, x, y, r } = props;
  const points = shapePath(seat, r * 1.15);
  return (
    <g class={`seat-mark seat-${seat}${props.current ? " current" : ""}`} transform={`translate(${x},${y})`} data-pawn={seat}>
      {points ? (
        <polygon points={points} fill={seatColor(seat)} class="seat-shape" />
      ) : (
        <circle r={r} fill={seatColor(seat)} class="seat-shape" />
      )}
      <text y={r * 0.4} text-anchor="middle" class="seat-letter" font-size={r * 1.1}>
        {props.letter}
      </text>
    </g>
  );
}

/** Splits `text` into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

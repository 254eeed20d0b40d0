// Support Markers as the board draws them, each kind with a colour, a shape and a letter
// (never colour alone): Equality a filled blue circle "E", Blue Apathy a pale blue circle
// "b", Red Apathy a pale vermilion square "r", Supremacy a filled vermilion square "S".
// An empty Support Box is an empty outlined square.
import type { Choice } from "../../gen/hustings/v1/hustings_pb";

/** The four sides a marker shows, in the order a row of boxes is filled for drawing. */
export const MARKER_KINDS = ["equality", "blue", "red", "supremacy"] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

export const MARKER_NAMES: Record<MarkerKind, string> = {
  equality: "Equality",
  blue: "Blue Apathy",
  red: "Red Apathy",
  supremacy: "Supremacy",
};

const LOOK: Record<MarkerKind, { fill: string; ink: string; letter: string; round: boolean }> = {
  equality: { fill: "#0072B2", ink: "#ffffff", letter: "E", round: true },
  blue: { fill: "#b9dcf2", ink: "#0b3d5c", letter: "b", round: true },
  red: { fill: "#f7c9a8", ink: "#6b2a00", letter: "r", round: false },
  supremacy: { fill: "#D55E00", ink: "#ffffff", letter: "S", round: false },
};

/** The engine's names for the marker kinds (Choice.subject of a flip or replace). */
const SUBJECTS: Record<string, MarkerKind> = {
  equality: "equality",
  "blue-apathy": "blue",
  "red-apathy": "red",
  supremacy: "supremacy",
};

/** The marker kind a marker-change choice changes, as the engine says (Choice.subject). */
export function changedKind(c: Choice): MarkerKind | undefined {
  return SUBJECTS[c.subject];
}

/** One Support Box, `s` wide, holding a marker of `kind` (or none). */
export function Marker(props: { kind: MarkerKind | undefined; x: number; y: number; s: number }) {
  const { kind, x, y, s } = props;
  if (!kind) return <rect class="box-empty" x={x} y={y} width={s} height={s} rx={2} />;
  const look = LOOK[kind];
  return (
    <g class={`marker marker-${kind}`} data-marker={kind}>
      <rect class="box" x={x} y={y} width={s} height={s} rx={2} />
      {look.round ? (
        <circle cx={x + s / 2} cy={y + s / 2} r={s / 2 - 1.5} fill={look.fill} class="marker-shape" />
      ) : (
        <rect x={x + 1.5} y={y + 1.5} width={s - 3} height={s - 3} rx={1.5} fill={look.fill} class="marker-shape" />
      )}
      <text x={x + s / 2} y={y + s / 2 + 4} text-anchor="middle" class="marker-letter" fill={look.ink}>
        {look.letter}
      </text>
    </g>
  );
}

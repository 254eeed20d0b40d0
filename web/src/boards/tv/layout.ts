// Where The Vote's board puts things (viewBox units; the board scales into the space beside
// the side panel): the six Regions as a 3×2 grid at the top left, the sides' tracks, Congress
// Control, the Amendments and the piles at the top right, the action being resolved across
// the middle, and below it one column per side with its Reserve and its Events Display cards.
// Presentation only: every number and name drawn comes from the view or the reference.

export const W = 1000;
export const H = 800;
/** The header's height (the title and phase, then what the game waits for). */
export const TOP = 44;

/** The Region grid. */
export const REGION_COLS = 3;
export const REGION_W = 210;
export const REGION_H = 128;
export const REGION_GAP = 5;

/** The top-left corner of Region `i` (map order). */
export function regionXY(i: number): { x: number; y: number } {
  return {
    x: 4 + (i % REGION_COLS) * (REGION_W + REGION_GAP),
    y: TOP + Math.floor(i / REGION_COLS) * (REGION_H + REGION_GAP),
  };
}

/** The right-hand column beside the Regions. */
export const SIDE_X = 4 + REGION_COLS * (REGION_W + REGION_GAP) + 4;
export const SIDE_W = W - SIDE_X - 4;

/** The two card columns below. */
export const COLUMN_W = (W - 8 - 10) / 2;
export function columnX(i: number): number {
  return 4 + i * (COLUMN_W + 10);
}

/** A side's letter, short name and shape come from its seat: Equality is seat 0 (a circle),
 * Supremacy seat 1 (a square), as `SeatMark` draws them. */
export function sideLetter(seat: number): string {
  return seat === 0 ? "E" : seat === 1 ? "S" : String(seat);
}

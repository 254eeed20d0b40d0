// Where the Votes for Women board puts things: the 48 states as a tile map (11 columns × 6
// rows, roughly where each state lies, every region one connected group of 8 tiles), the tab
// naming each region (and holding its Campaigners), the cells left free for the Congress
// track and the score, and the cube and Campaigner colours. Presentation only: which state
// is in which region, and everything else the board shows, comes from the view.

/** The board's drawing size (viewBox units; it scales into the space beside the side panel). */
export const W = 1000;
export const H = 840;

/** The map's tiles. */
export const COLS = 11;
export const PITCH_X = W / COLS;
export const PITCH_Y = 50;
export const TILE_W = PITCH_X - 5;
export const TILE_H = PITCH_Y - 5;
/** The map's top edge (the header and the top row of region tabs sit above it). */
export const MAP_Y = 62;
export const TAB_H = 22;

/** Each state's cell: [column, row], west to east and north to south. */
const CELLS: Record<string, [number, number]> = {
  // West
  WA: [0, 0], ID: [1, 0], OR: [0, 1], NV: [1, 1], CA: [0, 2], UT: [1, 2], AZ: [0, 3], NM: [1, 3],
  // Plains
  MT: [2, 0], ND: [3, 0], WY: [2, 1], SD: [3, 1], CO: [2, 2], NE: [3, 2], OK: [2, 3], KS: [3, 3],
  // Midwest
  MN: [4, 0], WI: [5, 0], MI: [6, 0], IA: [4, 1], IL: [5, 1], IN: [6, 1], OH: [7, 1], MO: [4, 2],
  // Northeast
  VT: [8, 0], NH: [9, 0], ME: [10, 0], NY: [8, 1], MA: [9, 1], NJ: [8, 2], CT: [9, 2], RI: [10, 2],
  // Atlantic & Appalachia
  KY: [5, 2], WV: [6, 2], PA: [7, 2], TN: [5, 3], VA: [6, 3], MD: [7, 3], DE: [8, 3], NC: [7, 4],
  // South
  AR: [4, 3], TX: [2, 4], LA: [3, 4], MS: [4, 4], AL: [5, 4], GA: [6, 4], FL: [6, 5], SC: [7, 5],
};

/** The tab of each region: the first column, the width in columns, and the row it sits at the
 * top of (-1: the strip above the map). Each touches its region's edge. */
const TABS: Record<string, { col: number; cols: number; row: number }> = {
  west: { col: 0, cols: 2, row: -1 },
  plains: { col: 2, cols: 2, row: -1 },
  midwest: { col: 4, cols: 4, row: -1 },
  northeast: { col: 8, cols: 3, row: -1 },
  south: { col: 2, cols: 4, row: 5 },
  "atlantic-appalachia": { col: 8, cols: 3, row: 4 },
};

/** The top-left corner of a cell. */
export function cellXY(col: number, row: number): { x: number; y: number } {
  return { x: col * PITCH_X + 2.5, y: MAP_Y + row * PITCH_Y };
}

/** Cells of every state, by code. A state the table does not know (a future map) gets a
 * cell in a row below the map, so nothing the view holds goes undrawn. */
export function stateCells(codes: string[]): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  let spill = 0;
  for (const c of codes) {
    const known = CELLS[c];
    if (known) out.set(c, known);
    else {
      out.set(c, [spill % COLS, 6 + Math.floor(spill / COLS)]);
      spill++;
    }
  }
  return out;
}

/** A region's tab rectangle; an unknown region gets one in the spill row. */
export function tabRect(slug: string, index: number): { x: number; y: number; w: number; h: number } {
  const t = TABS[slug] ?? { col: (index * 2) % COLS, cols: 2, row: 6 };
  const { x } = cellXY(t.col, 0);
  const y = t.row < 0 ? MAP_Y - TAB_H - 3 : cellXY(0, t.row).y;
  return { x, y, w: t.cols * PITCH_X - 5, h: TAB_H };
}

/** Cube and Campaigner colours: one per hue, each with a letter (never colour alone). */
export interface Hue {
  fill: string;
  ink: string;
  letter: string;
  name: string;
}
const PURPLE: Hue = { fill: "#6a3d9a", ink: "#ffffff", letter: "P", name: "purple" };
const YELLOW: Hue = { fill: "#f2c12e", ink: "#1d2433", letter: "Y", name: "yellow" };
const RED: Hue = { fill: "#c0392b", ink: "#ffffff", letter: "R", name: "red" };
export const HUES: Record<string, Hue> = { purple: PURPLE, yellow: YELLOW, red: RED };

/** A hue by name ("purple", "yellow", "red"); the side's when unknown. */
export function hue(name: string): Hue {
  return HUES[name] ?? (name === "opposition" ? RED : PURPLE);
}

/** A side's colour: the Suffragist's purple, the Opposition's red. */
export function sideHue(side: string): Hue {
  return side === "opposition" ? RED : PURPLE;
}

/** The side's name, capitalised. */
export function sideName(side: string): string {
  if (side === "suffragist") return "Suffragist";
  if (side === "opposition") return "Opposition";
  return side;
}

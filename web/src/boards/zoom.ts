// The board's zoom levels: "fit" (1, the board as large as its box) and steps up to four
// times that. The buttons and the wheel move between round levels a person can name; a
// pinch scales continuously between the same limits.

/** The board fills its box. */
export const fitZoom = 1;
/** The largest zoom: a Votes for Women card's text is then about 16 px on a phone. */
export const maxZoom = 4;
/** The levels the buttons and the wheel step through. */
const levels = [fitZoom, 1.5, 2, 3, maxZoom];

/** Keeps `z` within fit and the largest zoom. */
export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return fitZoom;
  return Math.min(maxZoom, Math.max(fitZoom, z));
}

/** The next level in (`dir` 1) or out (-1) from `z`, which may lie between levels after a
 * pinch; stays at the ends. */
export function nextZoom(z: number, dir: 1 | -1): number {
  const next = dir > 0 ? levels.find((l) => l > z + 0.01) : [...levels].reverse().find((l) => l < z - 0.01);
  return next ?? clampZoom(z);
}

/** The zoom after a pinch that started at `from` with the fingers `start` px apart and
 * has them `now` px apart. */
export function pinchZoom(from: number, start: number, now: number): number {
  if (start <= 0 || now <= 0) return clampZoom(from);
  return clampZoom(Math.round(((from * now) / start) * 100) / 100);
}

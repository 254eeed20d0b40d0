// The few assertions the client's unit tests (src/**/*.test.ts, run by test.mjs) use: no
// test framework to install, and nothing of it reaches the bundle (main.tsx never imports it).

/** Fails unless `actual` is `expected` (===). */
export function equal<T>(actual: T, expected: T, what = ""): void {
  if (actual !== expected) {
    throw new Error(`${what ? `${what}: ` : ""}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

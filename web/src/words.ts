// Counts in words: "1 cube", "3 cubes", as the engine writes them too (a count of one is
// singular). Used wherever the client itself writes a count.

/** `n` and its noun, singular for one ("1 vote", "0 votes", "2 cards"). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

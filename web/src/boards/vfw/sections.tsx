// The part of the Votes for Women board below the map: the viewer's cards first (hand, cards
// shown, drawn or searched for, claimed cards), then what is going on, the cards in effect, the displays
// and the Oppobot's moves. Each is a section that draws itself at a place and width and says
// where it ends; the board stacks the viewer's cards in the left column and puts every other
// section in whichever column is shorter, so a long hand and a busy display both fit.
import type { JSX } from "preact";
import type { LogEntry } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenCard, VotesForWomenView } from "../../gen/hustings/v1/votes_for_women_pb";
import { cardList } from "./cards";
import type { Offers } from "./choices";
import { Players, nowLines, oppobotLines, textBlock } from "./panels";

/** A section drawn at (x, y) in width w: its element (null when it has nothing to show) and
 * its bottom edge. */
export type Section = (x: number, y: number, w: number) => { el: JSX.Element | null; bottom: number };

export interface Sources {
  v: VotesForWomenView;
  log: LogEntry[];
  /** A card's text, by id, from the reference. */
  text: (id: string) => string;
  /** Every card of the game, by id, from the reference. */
  cards: Map<string, VotesForWomenCard>;
  offers: Offers;
  choose: (id: string) => void;
}

function cards(s: Sources, title: string, list: VotesForWomenCard[], extra: { empty?: string; maxLines?: number; cls?: string } = {}): Section {
  return (x, y, w) => cardList({ title, cards: list, text: s.text, x, y, w, actions: s.offers.cards, choose: s.choose, ...extra });
}

/** The viewer's own cards, and every card an offered choice names that is drawn nowhere else
 * (a search of the Draw Deck). */
export function ownSections(s: Sources): Section[] {
  const { v } = s;
  const out: Section[] = [];
  const me = v.viewerPlayer && v.viewerPlayer !== "Suffragist" && v.viewerPlayer !== "Opposition" ? ` — ${v.viewerPlayer}` : "";
  if (v.viewerSide) out.push(cards(s, `Your hand${me} (${v.hand.length})`, v.hand, { empty: "No cards in hand." }));
  else {
    const counts = v.players
      .filter((p) => p.seat !== undefined)
      .map((p) => `${p.name} ${p.handCount}`)
      .join(", ");
    out.push((x, y, w) => textBlock({ title: "Hands", lines: [{ text: `Hidden from spectators. Cards held: ${counts}.` }], x, y, w }));
  }
  out.push(cards(s, "Opponent's hand, shown to you (Change In Plans)", v.opponentHand));
  out.push(cards(s, "Drawn, to play or put back", v.drawn));
  out.push(cards(s, "Your Draw Deck, searched (Eye on the Future)", v.deckSearch, { maxLines: 3 }));
  // Claimed cards under their holder's name, the viewer's first.
  const holders = [...v.players].sort((a, b) => Number(b.name === v.viewerPlayer) - Number(a.name === v.viewerPlayer));
  for (const p of holders) {
    if (!p.claimed.length) continue;
    const whose = p.name === v.viewerPlayer ? "Your claimed cards" : `Claimed by ${p.name}`;
    out.push(cards(s, whose, p.claimed, { maxLines: 2, cls: "claimed" }));
  }
  const shown = new Set(
    [v.hand, v.opponentHand, v.drawn, v.deckSearch, v.strategyDisplay, v.restOfTurn, v.restOfGame, v.finalVotingBox, ...v.players.map((p) => p.claimed)]
      .flat()
      .map((c) => c.id),
  );
  const loose = [...s.offers.cards.keys()]
    .filter((id) => !shown.has(id))
    .map((id) => s.cards.get(id))
    .filter((c): c is VotesForWomenCard => !!c);
  out.push(cards(s, "Cards to choose from", loose, { maxLines: 3 }));
  const top = [...v.deckTop].reverse().map((c) => c.name);
  const lines = [
    ...(top.length ? [{ text: `On top, the next draw first: ${top.join(", ")}` }] : []),
    ...(v.deckBottom.length ? [{ text: `At the bottom: ${v.deckBottom.map((c) => c.name).join(", ")}` }] : []),
  ];
  out.push((x, y, w) => textBlock({ title: "Your Draw Deck", lines, x, y, w }));
  return out;
}

/** Everything else below the map, most pressing first. */
export function sharedSections(s: Sources): Section[] {
  const { v } = s;
  const groups = new Map<string, string[]>();
  for (const c of v.availableStates) {
    const t = s.text(c.id);
    groups.set(t, [...(groups.get(t) ?? []), c.name]);
  }
  const out: Section[] = [
    (x, y, w) => textBlock({ title: "Now", lines: nowLines(v), x, y, w, maxLines: 3, cls: "now" }),
    (x, y, w) => Players({ v, x, y, w }),
    cards(s, "In effect", [...v.restOfTurn, ...v.restOfGame, ...v.finalVotingBox], { maxLines: 2, cls: "in-effect" }),
    cards(s, `Strategy cards on display (deck ${v.strategyDeckCount})`, v.strategyDisplay, { maxLines: 2, cls: "strategy" }),
    (x, y, w) =>
      textBlock({
        title: `State cards on display (${v.availableStates.length})`,
        lines: [...groups].map(([t, names]) => ({ text: `${names.join(", ")}: ${t}`, key: names.join() })),
        x,
        y,
        w,
        maxLines: 2,
        cls: "state-cards",
      }),
  ];
  if (v.players.some((p) => p.name === "Oppobot")) {
    out.push((x, y, w) =>
      textBlock({ title: "The Oppobot's latest moves", lines: oppobotLines(s.log, 5), x, y, w, maxLines: 2, cls: "oppobot" }),
    );
  }
  if (v.outOfGame.length) {
    const names = v.outOfGame.map((c) => c.name).join(", ");
    out.push((x, y, w) => {
      const r = textBlock({ title: `Out of the game (${v.outOfGame.length})`, lines: [{ text: names }], x, y, w, maxLines: 1 });
      return { el: r.el && <g class="out-of-game"><title>{names}</title>{r.el}</g>, bottom: r.bottom };
    });
  }
  return out;
}

/** Lays the sections out in two columns: `own` down the first, then each of `shared` where
 * the columns are shorter. Returns the elements and the lowest bottom. */
export function layColumns(
  own: Section[],
  shared: Section[],
  cols: { x: number; w: number }[],
  top: number,
): { els: (JSX.Element | null)[]; bottom: number } {
  const els: (JSX.Element | null)[] = [];
  const ys = cols.map(() => top);
  const place = (sec: Section, i: number) => {
    const col = cols[i];
    if (!col) return;
    const r = sec(col.x, ys[i] ?? top, col.w);
    els.push(r.el);
    if (r.el) ys[i] = r.bottom + 8;
  };
  for (const sec of own) place(sec, 0);
  for (const sec of shared) {
    let shortest = 0;
    ys.forEach((y, i) => {
      if (y < (ys[shortest] ?? 0)) shortest = i;
    });
    place(sec, shortest);
  }
  return { els, bottom: Math.max(...ys) };
}

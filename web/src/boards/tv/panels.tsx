// The Vote's panels beside and below the map: the header (turn, phase, what the game waits
// for), each side's tracks (Org, PW, VP), markers and Reserve count, Congress Control, the
// two Amendments and where they stand, the piles (Deck, Discard, Removed, set aside) and the
// action being resolved with its card and the Regions it works in.
import type { JSX } from "preact";
import type { TheVoteAction, TheVotePlayer, TheVoteView } from "../../gen/hustings/v1/the_vote_pb";
import { SeatMark } from "../svg";
import { CardRow, cardHeight } from "./cards";
import type { CardCtx } from "./cards";
import { sideLetter } from "./layout";
import { count } from "../../words";

function factionOf(v: TheVoteView, seat: number | undefined): string {
  if (seat === undefined) return "";
  return v.players.find((p) => p.seat === seat)?.faction ?? (seat === 0 ? "Equality" : "Supremacy");
}

const PHASES: Record<string, string> = {
  "first-player-phase": "First Player Phase",
  "second-player-phase": "Second Player Phase",
  finished: "Finished",
};

/** The header: the game, the turn and phase, and the decision awaited. */
export function Header(props: { v: TheVoteView; x: number; y: number }) {
  const { v } = props;
  const p = v.pending;
  const phase = PHASES[v.phase] ?? v.phase;
  return (
    <g class="header" transform={`translate(${props.x},${props.y})`}>
      <text class="board-title">THE VOTE</text>
      <text class="status" x={92}>
        {`Turn ${v.turn} · ${phase}${v.phase !== "finished" ? ` (${factionOf(v, v.active)})` : ""}`}
      </text>
      {p?.text && (
        <text class="status-wait" y={17}>
          {`▶ ${p.seat !== undefined ? `${factionOf(v, p.seat)}: ` : ""}${p.text}`}
        </text>
      )}
    </g>
  );
}

/** A labelled track bar: `value` of `max`. */
function Track(props: { name: string; value: number; max: number; x: number; y: number; w: number; seat: number }) {
  const { value, max, w } = props;
  const frac = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <g class={`track track-${props.name.toLowerCase()}`} transform={`translate(${props.x},${props.y})`} data-track={props.name.toLowerCase()} data-value={value}>
      <text class="track-name" y={10}>
        {props.name}
      </text>
      <rect class="track-bg" x={26} width={w - 26} height={12} rx={3} />
      <rect class={`track-fill seat-${props.seat}`} x={26} width={(w - 26) * frac} height={12} rx={3} />
      <text class="track-value" x={w - 3} y={10} text-anchor="end">
        {max ? `${value}/${max}` : String(value)}
      </text>
    </g>
  );
}

/** One side: name, tracks, markers and Reserve count. */
function Side(props: { v: TheVoteView; p: TheVotePlayer; x: number; y: number; w: number; viewer: number | undefined }) {
  const { v, p, w } = props;
  const l = v.limits;
  const acting = v.phase !== "finished" && v.active === p.seat;
  const tw = (w - 16) / 3;
  return (
    <g class={`side seat-${p.seat}${acting ? " acting" : ""}`} data-side={p.seat} transform={`translate(${props.x},${props.y})`}>
      <rect class="panel-bg" width={w} height={56} rx={6} />
      <SeatMark seat={p.seat} letter={sideLetter(p.seat)} x={13} y={13} r={8} current={acting} />
      <text class="side-name" x={27} y={18}>
        {p.faction}
        {props.viewer === p.seat && <tspan class="side-you">{" (you)"}</tspan>}
        {v.firstPlayer === p.seat && <tspan class="side-note" dx={8}>first player</tspan>}
        {acting && <tspan class="side-note acting" dx={8}>▶ Player Phase</tspan>}
      </text>
      <Track name="Org" value={p.org} max={l?.orgMax ?? 0} x={6} y={24} w={tw} seat={p.seat} />
      <Track name="PW" value={p.pw} max={l?.pwMax ?? 0} x={10 + tw} y={24} w={tw} seat={p.seat} />
      <Track name="VP" value={p.vp} max={l?.vpMax ?? 0} x={14 + 2 * tw} y={24} w={tw - 4} seat={p.seat} />
      <text class="panel-note" x={6} y={50}>
        {`Markers: ${p.markersOnMap} on the map, ${p.markersInPool} in the pool · Reserve ${p.reserve.length}/${p.reserveLimit}`}
      </text>
    </g>
  );
}

/** Both sides, Equality first. */
export function Sides(props: { v: TheVoteView; x: number; y: number; w: number; viewer: number | undefined }) {
  return (
    <g class="sides">
      {props.v.players.map((p, i) => (
        <Side key={p.seat} v={props.v} p={p} x={props.x} y={props.y + i * 60} w={props.w} viewer={props.viewer} />
      ))}
    </g>
  );
}

/** Congress Control: who controls it, the points each side holds, what an Amendment needs. */
export function Congress(props: { v: TheVoteView; x: number; y: number; w: number }) {
  const { v, w } = props;
  const c = v.congress;
  if (!c) return null;
  const total = Math.max(1, c.total);
  const bw = w - 12;
  const e = c.points[0] ?? 0;
  const s = c.points[1] ?? 0;
  const need = v.limits?.amendmentPoints ?? 0;
  const at = (bw * Math.min(need, total)) / total;
  return (
    <g class="congress" transform={`translate(${props.x},${props.y})`} data-controller={c.controller}>
      <rect class="panel-bg" width={w} height={50} rx={6} />
      <text class="panel-title" x={6} y={15}>
        {"Congress Control: "}
        <tspan class={`seat-ink-${c.controller}`}>{`${factionOf(v, c.controller)} (${sideLetter(c.controller)})`}</tspan>
      </text>
      <g transform="translate(6,21)">
        <rect class="votes-blue" width={(bw * e) / total} height={13} rx={2} />
        <rect class="votes-red" x={bw - (bw * s) / total} width={(bw * s) / total} height={13} rx={2} />
        <text class="votes-text" x={4} y={10}>{`E ${e}`}</text>
        <text class="votes-text" x={bw - 4} y={10} text-anchor="end">{`${s} S`}</text>
        {need > 0 && <line class="need-tick" x1={at} x2={at} y1={-3} y2={16} />}
      </g>
      <text class="panel-note" x={6} y={46}>
        {`${c.total} points on the map${need ? ` · an Amendment needs ${need} (the tick)` : ""}`}
      </text>
    </g>
  );
}

const STATUS: Record<string, string> = {
  aside: "may be attempted",
  passed: "ratified",
  "in-play": "being voted on",
  display: "in the Display",
  reserve: "in a Reserve",
  discard: "discarded",
  removed: "removed",
};

/** The two Amendments with their text and status; returns where it ends. */
export function Amendments(props: { v: TheVoteView; x: number; y: number; w: number; ctx: CardCtx }): { el: JSX.Element; bottom: number } {
  const { v, x, w, ctx } = props;
  let y = props.y + 15;
  const rows = v.amendments.map((a) => {
    if (!a.card) return null;
    const note = STATUS[a.status] ?? a.status;
    const row = <CardRow key={a.card.id} card={a.card} x={x} y={y} w={w} ctx={ctx} note={note} />;
    y += cardHeight(a.card, ctx, w, false, note) + 4;
    return row;
  });
  return {
    el: (
      <g class="amendments">
        <text class="section-title" x={x} y={props.y + 10}>
          Amendments
        </text>
        {rows}
      </g>
    ),
    bottom: y,
  };
}

/** The piles: Deck, Discard (top card last), unseen set-up discards, Removed, set aside. */
export function Piles(props: { v: TheVoteView; x: number; y: number; w: number }) {
  const { v, x, y } = props;
  const names = (cs: { name: string }[]) => cs.map((c) => c.name).join(", ");
  const top = v.discard[v.discard.length - 1];
  const aside = v.aside.filter((c) => !v.amendments.some((a) => a.card?.id === c.id));
  const linesOut = [
    `Deck ${v.deckCount} · Discard ${v.discard.length}${top ? ` (top: ${top.name})` : ""}`,
    `${v.hiddenDiscards} unseen set-up discards · reshuffles ${v.reshuffles}`,
    v.removed.length ? `Removed: ${names(v.removed)}` : "Removed: none",
    aside.length ? `Set aside: ${names(aside)}` : "",
  ].filter(Boolean);
  return (
    <g class="piles">
      <title>{`Discard pile, bottom first: ${names(v.discard) || "empty"}`}</title>
      {linesOut.map((l, i) => (
        <text key={i} class="panel-note" x={x} y={y + 11 + i * 13}>
          {l}
        </text>
      ))}
    </g>
  );
}

const KINDS: Record<string, string> = {
  radicalize: "Radicalize",
  persuade: "Persuade",
  law: "Law Action",
  suppression: "Suppression",
  amendment: "Amendment",
  "supreme-courts": "Supreme Courts",
  "silent-sentinels": "Silent Sentinels",
  discard: "Discard Action",
};

/** The action being resolved: who, what, its card (with its buttons) and its Regions. */
export function ActionPanel(props: { v: TheVoteView; a: TheVoteAction; x: number; y: number; w: number; ctx: CardCtx }): { el: JSX.Element; bottom: number } {
  const { v, a, x, y, w, ctx } = props;
  const law = a.law ? v.regions[0]?.laws.find((l) => l.id === a.law)?.name ?? a.law : "";
  const head = [
    `${factionOf(v, a.seat)}: ${KINDS[a.kind] ?? a.kind}`,
    a.strength ? `strength ${a.strength}` : "",
    law ? `Law: ${law}` : "",
    a.discardType ? `discarding ${a.discardType} cards` : "",
  ].filter(Boolean);
  let cy = y + 20;
  const card = a.card ? <CardRow card={a.card} x={x + 6} y={cy} w={w - 12} ctx={ctx} note="being played" /> : null;
  if (a.card) cy += cardHeight(a.card, ctx, w - 12, false, "being played") + 4;
  const regionName = (id: string) => v.regions.find((r) => r.id === id)?.name ?? id;
  const targets = a.targets.map((t, i) => {
    const bits = [
      `${i === 0 ? "In" : "Bonus in"} ${regionName(t.region)}${t.bonus ? ` (${t.bonus.name})` : ""}`,
      t.block ? `Blocked by ${t.block.name}` : "",
      t.counter ? `Countered by ${t.counter.name}` : "",
      ...t.furtherBlocks.map((b) =>
        b.block ? `Blocked by ${b.block.name}${b.counter ? `, countered by ${b.counter.name}` : ""}` : "",
      ),
      t.changed ? `${t.changed} marker${t.changed === 1 ? "" : "s"} changed` : "",
      t.suppressed ? `${count(t.suppressed, "vote")} suppressed (${t.suppressCards.map((c) => c.name).join(", ")})` : "",
      t.resolved ? (t.passed ? "passed ✓" : "failed ✗") : "",
    ].filter(Boolean);
    const el = (
      <text key={t.region} class="target-line" x={x + 8} y={cy + 10} data-target={t.region}>
        {bits.join(" · ")}
      </text>
    );
    cy += 14;
    return el;
  });
  const h = cy - y + 4;
  return {
    el: (
      <g class="action-panel" data-action={a.kind}>
        <rect class="panel-bg action-bg-panel" x={x} y={y} width={w} height={h} rx={6} />
        <text class="panel-title" x={x + 6} y={y + 14}>
          {head.join(" · ")}
        </text>
        {card}
        {targets}
      </g>
    ),
    bottom: y + h,
  };
}

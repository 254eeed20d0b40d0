// The Votes for Women board's text panels: the status line (turn, phase, round, who plays),
// both sides' buttons and decks, the players of a team game, what is being played now, the
// cards in effect, the State cards on display and the Oppobot's latest moves.
import type { JSX } from "preact";
import type { LogEntry } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenView } from "../../gen/hustings/v1/votes_for_women_pb";
import { wrap } from "../svg";
import { TILE_H, hue, sideHue, sideName } from "./layout";
import { Pawn } from "./map";
import { count } from "../../words";

const LINE = 13;
const CHAR_W = 5.6;

/** The phase in words. */
export function phaseText(v: VotesForWomenView): string {
  switch (v.phase) {
    case "strategy":
      return "Strategy Phase";
    case "operations":
      return `Operations, round ${v.round} of 6`;
    case "cleanup":
      return "Cleanup";
    case "final-voting":
      return "Final Voting";
    case "finished":
      return "game over";
    default:
      return v.phase;
  }
}

/** Who plays now, in words: the player in Operations (a team's or the Oppobot's), else the
 * player the game waits for. */
export function whoPlays(v: VotesForWomenView): string {
  if (v.phase === "finished") return "";
  if (v.phase === "operations") {
    const who = v.activePlayer || sideName(v.activeSide);
    const side = v.activePlayer && v.activePlayer !== sideName(v.activeSide) ? ` (${sideName(v.activeSide)})` : "";
    return `${who}${side} to play`;
  }
  if (v.phase === "final-voting" && v.finalVotingPicker && !v.vote) return `${v.finalVotingPicker} picks the next state`;
  return v.pending?.player ? `${v.pending.player} to decide` : "";
}

/** The title line. */
export function StatusLine({ v, x, y }: { v: VotesForWomenView; x: number; y: number }) {
  const who = whoPlays(v);
  return (
    <text class="status" x={x} y={y} data-phase={v.phase}>
      <tspan class="board-title">VOTES FOR WOMEN</tspan>
      <tspan dx={12}>{`Turn ${v.turn} of 6 · ${phaseText(v)}`}</tspan>
      {who && (
        <tspan dx={6} class="status-who">
          {`· ${who}`}
        </tspan>
      )}
    </text>
  );
}

/** Both sides' buttons, cards in hand and decks. */
export function Sides({ v, x, y, w }: { v: VotesForWomenView; x: number; y: number; w: number }) {
  return (
    <g class="sides" transform={`translate(${x},${y})`}>
      <rect class="panel-bg" width={w} height={TILE_H} rx={6} />
      {v.sides.map((s, i) => {
        const h = sideHue(s.side);
        const stacked = s.deckTopCount + s.deckBottomCount;
        return (
          <g key={s.side} class={`side side-${s.side}`} transform={`translate(7,${16 + i * 19})`} data-side={s.side}>
            <title>
              {`${sideName(s.side)}: ${s.buttons} of at most ${s.buttonCap} buttons, ${count(s.handCount, "card")} in hand, ${s.deckCount} in the Draw Deck` +
                (stacked ? ` (${s.deckTopCount} stacked on top, ${s.deckBottomCount} at the bottom)` : "") +
                (s.drawnCount ? `, ${s.drawnCount} drawn` : "")}
            </title>
            <rect x={0} y={-10} width={14} height={14} rx={3} fill={h.fill} />
            <text x={7} y={1} text-anchor="middle" class="side-letter" fill={h.ink}>
              {s.side === "opposition" ? "O" : "S"}
            </text>
            <text x={20} y={1} class="side-line">
              <tspan class="side-name">{sideName(s.side)}</tspan>
              <tspan dx={5} class="side-buttons">{`${s.buttons}/${s.buttonCap} buttons`}</tspan>
              <tspan dx={4}>{`· hand ${s.handCount} · deck ${s.deckCount}`}</tspan>
            </text>
          </g>
        );
      })}
      {v.sides.length === 0 && (
        <text x={8} y={20} class="section-empty">
          no sides
        </text>
      )}
    </g>
  );
}

/** Lines of text under a title, wrapped to `w`; returns the element and where it ended. */
export function textBlock(props: {
  title: string;
  lines: { text: string; cls?: string; key?: string }[];
  x: number;
  y: number;
  w: number;
  maxLines?: number;
  cls?: string;
}): { el: JSX.Element | null; bottom: number } {
  if (!props.lines.length) return { el: null, bottom: props.y };
  const width = Math.floor(props.w / CHAR_W);
  let y = props.y + 15;
  const out: JSX.Element[] = [];
  for (const [i, l] of props.lines.entries()) {
    const wrapped = wrap(l.text, width).slice(0, props.maxLines ?? 99);
    for (const [j, part] of wrapped.entries()) {
      out.push(
        <text key={`${l.key ?? i}-${j}`} class={`block-line ${l.cls ?? ""}`} x={props.x + (j ? 10 : 0)} y={y + 10}>
          {part}
        </text>,
      );
      y += LINE;
    }
    y += 2;
  }
  return {
    el: (
      <g class={`text-block ${props.cls ?? ""}`}>
        <text class="section-title" x={props.x} y={props.y + 10}>
          {props.title}
        </text>
        {out}
      </g>
    ),
    bottom: y,
  };
}

/** What is going on now: the plays in progress, a vote, a bid, an exchange, who is awaited. */
export function nowLines(v: VotesForWomenView): { text: string; cls?: string }[] {
  const out: { text: string; cls?: string }[] = [];
  for (const p of v.plays) {
    const what = p.card?.name ?? p.kind.replace(/-/g, " ");
    out.push({ text: `${p.player || sideName(p.side)} plays ${what}${p.failed ? " (its roll failed)" : ""}`, cls: "play" });
  }
  if (v.vote) {
    const roll = (n: number) => (n ? String(n) : "—");
    out.push({
      text: `Voting in ${v.states.find((s) => s.code === v.vote?.state)?.name ?? v.vote.state}: Suffragist ${roll(v.vote.suffragistRoll)}, Opposition ${roll(v.vote.oppositionRoll)}`,
      cls: "vote",
    });
  }
  if (v.strategyCommit !== undefined) out.push({ text: `The Suffragist committed ${count(v.strategyCommit, "button")} for a Strategy card` });
  const x = v.exchange;
  if (x) {
    const what =
      x.offer === "give" && x.card
        ? `${x.proposer} offers ${x.card.name}`
        : x.offer === "ask" && x.card
          ? `${x.proposer} asks for ${x.card.name}`
          : x.offer === "held"
            ? `${x.proposer} proposes to swap held cards`
            : `${x.proposer} may propose an exchange`;
    out.push({ text: `Cleanup: ${what}` });
  }
  if (v.pending && v.pending.side) out.push({ text: `Waiting for ${v.pending.text}`, cls: "pending" });
  return out;
}

/** The Oppobot's latest moves, from the log: its entries of kind "oppobot", as they read. */
export function oppobotLines(log: LogEntry[], n: number): { text: string; key: string }[] {
  const out: { text: string; key: string }[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < n; i--) {
    const e = log[i];
    if (e?.kind === "oppobot") out.push({ text: e.text, key: String(e.seq) });
  }
  return out.reverse();
}

/** The players of a team game (or one against the Oppobot): colour, cards held, who acts. */
export function Players({ v, x, y, w }: { v: VotesForWomenView; x: number; y: number; w: number }): {
  el: JSX.Element | null;
  bottom: number;
} {
  // Only when a side has two players: otherwise the sides' lines say it all.
  if (v.players.length <= 2) return { el: null, bottom: y };
  const rows = v.players.map((p, i) => {
    const colours = p.colour.split("+");
    const you = p.name === v.viewerPlayer ? " (you)" : "";
    const held = p.seat === undefined ? "automated: its moves are in the log" : `${p.handCount} in hand`;
    const claimed = p.claimed.length ? ` · claimed ${p.claimed.map((c) => c.name).join(", ")}` : "";
    const line = `${p.name}${you} · ${sideName(p.side)} · ${held}${claimed}`;
    const max = Math.floor((w - 60) / CHAR_W);
    return (
      <g key={p.name} class={`player${p.toAct ? " to-act" : ""}`} transform={`translate(${x},${y + 30 + i * 18})`} data-player={p.name}>
        <title>{line}</title>
        {colours.map((c, k) => (
          <Pawn key={c} hueName={hue(c).name} x={8 + k * 15} y={-4} size={0.8} />
        ))}
        <text x={40} y={0} class="player-line">
          {line.length > max ? `${line.slice(0, max - 1)}…` : line}
          {p.toAct ? " ◀" : ""}
        </text>
      </g>
    );
  });
  return {
    el: (
      <g class="players">
        <text class="section-title" x={x} y={y + 10}>
          Players
        </text>
        {rows}
      </g>
    ),
    bottom: y + 22 + v.players.length * 18,
  };
}

// The Vote's board, drawn as SVG from the typed TheVoteView, the match's reference (every
// card's text) and the prompt: the six Regions with their Men and Women Support Boxes and
// markers, Local Laws, votes and Congress Control Points; both sides' Org, PW and VP tracks;
// Congress Control; the Amendments; the piles; the action being resolved (its card, its
// Regions, Blocks, Counters and suppressed votes); and one column per side with its Reserve
// and its cards in the Events Display, each with its whole text. Nothing in The Vote is
// hidden from one seat, so a seat and a spectator see the same board. Regions, markers,
// Laws and cards offered by the prompt are clicked where they are drawn. Pieces live in tv/.
import type { JSX } from "preact";
import type { Choice, GameView } from "../gen/hustings/v1/hustings_pb";
import type { BoardModule, BoardProps } from "./types";
import { cardList } from "./tv/cards";
import type { CardCtx } from "./tv/cards";
import { claimsChoice, sortOffers } from "./tv/choices";
import { COLUMN_W, H, REGION_COLS, REGION_GAP, REGION_H, SIDE_W, SIDE_X, TOP, W, columnX, regionXY } from "./tv/layout";
import { ActionPanel, Amendments, Congress, Header, Piles, Sides } from "./tv/panels";
import { stepProgress } from "./tv/progress";
import { RegionPanel } from "./tv/regions";
import "./tv/tv.css";

function TheVoteBoard({ view, reference, state, offered, choose }: BoardProps) {
  if (view.game.case !== "theVote") return <p>Not a The Vote view.</p>;
  const v = view.game.value;
  const ref = reference?.game.case === "theVote" ? reference.game.value : undefined;
  const texts = new Map((ref?.cards ?? []).map((c) => [c.id, c.description] as const));
  const offers = sortOffers(offered);
  const regionName = (id: string) => v.regions.find((r) => r.id === id)?.name ?? id;
  const ctx: CardCtx = { text: (id) => texts.get(id) ?? "", actions: offers.cards, regionName, choose };
  const a = v.action;

  const regions = v.regions.map((r, i) => {
    const { x, y } = regionXY(i);
    return (
      <RegionPanel
        key={r.id}
        r={r}
        x={x}
        y={y}
        target={a?.targets.find((t) => t.region === r.id)}
        pendingHere={v.pending?.region === r.id}
        region={offers.regions.get(r.id)}
        markers={offers.markers.get(r.id)}
        laws={offers.laws}
        choose={choose}
      />
    );
  });
  const mapBottom = TOP + Math.ceil(v.regions.length / REGION_COLS) * (REGION_H + REGION_GAP);

  // The right-hand column: sides, Congress, Amendments, piles.
  const sidesY = TOP;
  const congressY = sidesY + v.players.length * 60;
  const amend = Amendments({ v, x: SIDE_X, y: congressY + 54, w: SIDE_W, ctx });
  const pilesY = amend.bottom;
  const rightBottom = pilesY + 4 * 13 + 4;

  // Under the map: the action being resolved.
  const mapW = SIDE_X - 8;
  const action = a ? ActionPanel({ v, a, x: 4, y: mapBottom, w: mapW, ctx }) : undefined;
  const columnsY = Math.max(rightBottom, action ? action.bottom + 4 : mapBottom) + 4;

  // One column per side: its Reserve, then its cards in the Events Display.
  const columns: JSX.Element[] = [];
  let bottom = columnsY;
  v.players.forEach((p, i) => {
    const x = columnX(i);
    const mine = state.viewerSeat === p.seat;
    const reserve = cardList({
      title: `${p.faction}'s Reserve (${p.reserve.length}/${p.reserveLimit})${mine ? " — yours" : ""}`,
      cards: p.reserve.flatMap((rc) => (rc.card ? [{ card: rc.card, faceDown: !rc.faceUp }] : [])),
      x,
      y: columnsY,
      w: COLUMN_W,
      ctx,
      empty: "empty",
      cls: `reserve seat-${p.seat}`,
    });
    const faction = p.faction.toLowerCase();
    const display = cardList({
      title: `Events Display: ${p.faction} cards`,
      cards: v.display.filter((c) => c.faction === faction).map((card) => ({ card })),
      x,
      y: reserve.bottom + 4,
      w: COLUMN_W,
      ctx,
      empty: "none",
      cls: `display seat-${p.seat}`,
    });
    columns.push(
      <g key={p.seat} class="side-column" data-column={p.seat}>
        {reserve.el}
        {display.el}
      </g>,
    );
    bottom = Math.max(bottom, display.bottom);
  });
  // Display cards of no side's faction (a future deck) still get drawn.
  const factions = new Set(v.players.map((p) => p.faction.toLowerCase()));
  const others = v.display.filter((c) => !factions.has(c.faction));
  if (others.length) {
    const rest = cardList({ title: "Events Display: other cards", cards: others.map((card) => ({ card })), x: 4, y: bottom + 4, w: W - 8, ctx });
    columns.push(<g key="others">{rest.el}</g>);
    bottom = rest.bottom;
  }
  // A board whose cards outgrow the space grows taller (and is drawn a little smaller).
  const height = Math.max(H, bottom + 6);
  return (
    <svg class="board tv" data-board="the-vote" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={`The Vote, turn ${v.turn}`}>
      <defs>
        <pattern id="tv-hatch" width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={8} stroke="#dcd8cc" stroke-width={3} />
        </pattern>
      </defs>
      <Header v={v} x={6} y={19} />
      <g class="map">{regions}</g>
      <Sides v={v} x={SIDE_X} y={sidesY} w={SIDE_W} viewer={state.viewerSeat} />
      <Congress v={v} x={SIDE_X} y={congressY} w={SIDE_W} />
      {amend.el}
      <Piles v={v} x={SIDE_X} y={pilesY} w={SIDE_W} />
      {action?.el}
      <g class="columns">{columns}</g>
    </svg>
  );
}

/** Choices drawn on the board: Regions, markers, Laws, cards (see tv/choices.ts). */
function claims(c: Choice, view: GameView): boolean {
  return view.game.case === "theVote" && claimsChoice(c, view.game.value);
}

/** "Ida B. Wells: marker 2 of 3 in Midwest" while an action changes markers one by one. */
function progress(view: GameView) {
  return view.game.case === "theVote" ? stepProgress(view.game.value) : undefined;
}

export const theVote: BoardModule = {
  game: "the-vote",
  claims,
  Board: TheVoteBoard,
  progress,
};

// The Votes for Women board, drawn as SVG from the typed VotesForWomenView, the match's
// reference (every card's text) and the prompt: the tile map of the 48 states in their six
// regions with cubes, checks and Xs, State cards and Campaigners; the Congress track and the
// score; both sides' buttons and decks; the viewer's hand and every other card in view with
// its whole text; what is being played and what is in effect; the Oppobot's latest moves.
// States, regions and cards offered by the prompt are clicked where they are drawn; a
// purple-or-yellow cube takes the colour picked once in the header. The pieces live in vfw/.
import { useEffect, useState } from "preact/hooks";
import type { Choice, GameView, LogEntry, Prompt } from "../gen/hustings/v1/hustings_pb";
import type { Parties } from "../match/outcome";
import type { BoardModule, BoardProps } from "./types";
import { claimsChoice, sortOffers, stateChoice } from "./vfw/choices";
import { H, HUES, MAP_Y, PITCH_X, PITCH_Y, W, cellXY, stateCells } from "./vfw/layout";
import { Congress, RegionOutline, RegionTab, Score, StateTile } from "./vfw/map";
import { Sides, StatusLine } from "./vfw/panels";
import { layColumns, ownSections, sharedSections } from "./vfw/sections";
import { playProgress } from "./vfw/progress";
import "./vfw/vfw.css";

type Colour = "purple" | "yellow";

/** The colour picker: which colour a click on a state adds (or, for the Opposition, takes
 * off) when the prompt offers both. Keys P and Y pick too. */
function ColourPicker(props: { x: number; y: number; colour: Colour; pick: (c: Colour) => void }) {
  return (
    <g class="colour-picker" transform={`translate(${props.x},${props.y})`} role="radiogroup" aria-label="Cube colour">
      <text class="picker-label" x={0} y={13}>
        Cube colour (P/Y):
      </text>
      {(["purple", "yellow"] as const).map((c, i) => {
        const h = HUES[c];
        const on = props.colour === c;
        return (
          <g
            key={c}
            class={`colour-option${on ? " picked" : ""}`}
            transform={`translate(${124 + i * 84},0)`}
            role="radio"
            aria-checked={on}
            tabIndex={0}
            data-colour={c}
            onClick={() => props.pick(c)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                props.pick(c);
              }
            }}
          >
            <title>{`Place ${c} cubes`}</title>
            <rect class="option-bg" width={78} height={19} rx={9.5} />
            <rect x={5} y={4} width={11} height={11} rx={2} fill={h?.fill} />
            <text x={10.5} y={13} text-anchor="middle" class="option-letter" fill={h?.ink}>
              {h?.letter}
            </text>
            <text x={22} y={14} class="option-name">
              {on ? `✓ ${c}` : c}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function VotesForWomenBoard({ view, reference, state, offered, choose }: BoardProps) {
  const [colour, setColour] = useState<Colour>("purple");
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || t?.closest("input, textarea, select")) return;
      if (e.key === "p" || e.key === "P") setColour("purple");
      else if (e.key === "y" || e.key === "Y") setColour("yellow");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (view.game.case !== "votesForWomen") return <p>Not a Votes for Women view.</p>;
  const v = view.game.value;
  const ref = reference?.game.case === "votesForWomen" ? reference.game.value : undefined;
  const cards = new Map((ref?.cards ?? []).map((c) => [c.id, c] as const));
  const text = (id: string) => cards.get(id)?.description ?? "";
  const offers = sortOffers(offered, v);
  const cells = stateCells(v.states.map((s) => s.code));
  const vote = v.vote;

  const tiles = v.states.map((s) => {
    const [col, row] = cells.get(s.code) ?? [0, 0];
    return (
      <StateTile
        key={s.code}
        s={s}
        col={col}
        row={row}
        choice={stateChoice(offers.states.get(s.code), colour)}
        choose={choose}
        voting={vote && vote.state === s.code ? { suffragist: vote.suffragistRoll, opposition: vote.oppositionRoll } : undefined}
      />
    );
  });
  const outlines = v.regions.map((r) => (
    <RegionOutline key={r.slug} slug={r.slug} cells={r.states.map((c) => cells.get(c)).filter((c): c is [number, number] => !!c)} />
  ));
  const tabs = v.regions.map((r, i) => (
    <RegionTab key={r.slug} r={r} index={i} campaigners={v.campaigners} choice={offers.regions.get(r.slug)} choose={choose} />
  ));
  const bottomRow = Math.max(5, ...[...cells.values()].map(([, row]) => row));
  const top = MAP_Y + (bottomRow + 1) * PITCH_Y + 4;
  const sources = { v, log: state.log, text, cards, offers, choose };
  const below = layColumns(ownSections(sources), sharedSections(sources), [{ x: 4, w: 560 }, { x: 578, w: W - 582 }], top);
  // A board whose cards outgrow the space grows taller (and is drawn a little smaller).
  const height = Math.max(H, below.bottom);
  const congress = cellXY(0, 4);
  const score = cellXY(9, 3);
  const sides = cellXY(8, 5);
  return (
    <svg
      class="board vfw"
      data-board="votes-for-women"
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-label={`Votes for Women, turn ${v.turn} of 6`}
    >
      <StatusLine v={v} x={4} y={22} />
      {offers.bothColours && <ColourPicker x={W - 296} y={8} colour={colour} pick={setColour} />}
      <g class="map">
        {outlines}
        {tiles}
        {tabs}
      </g>
      <Congress v={v} x={congress.x} y={congress.y} w={2 * PITCH_X - 5} />
      <Score v={v} x={score.x} y={score.y} w={2 * PITCH_X - 5} />
      <Sides v={v} x={sides.x} y={sides.y} w={3 * PITCH_X - 5} />
      <g class="below-map">{below.els}</g>
    </svg>
  );
}

/** Choices drawn on the board: states, regions, cards (see vfw/choices.ts). */
function claims(c: Choice, view: GameView): boolean {
  return view.game.case === "votesForWomen" && claimsChoice(c, view.game.value);
}

/** "Pioneer Women: cube 3 of 8" while a card places or removes cubes one by one, and
 * "Campaigning: cube 2 of 4" while a Campaigner places its cubes. */
function progress(view: GameView, _prompt: Prompt, log: LogEntry[]) {
  return view.game.case === "votesForWomen" ? playProgress(view.game.value, log) : undefined;
}

/** Partners share a side (co-op, teams); the Oppobot holds no seat, and a game no seat won
 * is its win. */
function parties(view: GameView): Parties {
  if (view.game.case !== "votesForWomen") return {};
  const v = view.game.value;
  const bot = v.players.find((p) => p.seat === undefined);
  return { sides: v.seatSides, ...(bot ? { outsider: `the ${bot.name}` } : {}) };
}

export const votesForWomen: BoardModule = {
  game: "votes-for-women",
  claims,
  Board: VotesForWomenBoard,
  progress,
  parties,
};

// The Votes for Women map: a tile per state (its code and die number, its cubes by colour
// with letters, its check or X, its State card), each region outlined and named on a tab that
// holds its Campaigners, the Congress track and the score. States and regions offered by the
// prompt are clickable (see choices.ts).
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type {
  VotesForWomenCampaigner,
  VotesForWomenRegion,
  VotesForWomenState,
  VotesForWomenView,
} from "../../gen/hustings/v1/votes_for_women_pb";
import { Clickable } from "../svg";
import { HUES, PITCH_X, PITCH_Y, TILE_H, TILE_W, cellXY, hue, tabRect } from "./layout";

/** A state's cubes as chips: a colour, its letter and the count ("3P"), each as wide as its
 * text, so three colours fit beside each other on a tile. */
function Cubes({ s, x, y }: { s: VotesForWomenState; x: number; y: number }) {
  const groups = (
    [
      ["purple", s.purple],
      ["yellow", s.yellow],
      ["red", s.red],
    ] as const
  ).filter(([, n]) => n > 0);
  let at = 0;
  return (
    <g class="cubes" transform={`translate(${x},${y})`}>
      {groups.map(([name, n]) => {
        const h = HUES[name];
        if (!h) return null;
        const label = `${n}${h.letter}`;
        const w = 8 + 6.6 * label.length;
        const chip = (
          <g key={name} class={`cube-chip cube-${name}`} transform={`translate(${at},0)`} data-cubes={label}>
            <rect width={w} height={17} rx={3} style={{ fill: h.fill }} class="cube-chip-bg" />
            <text x={w / 2} y={12.5} text-anchor="middle" style={{ fill: h.ink }} class="cube-count">
              {label}
            </text>
          </g>
        );
        at += w + 2;
        return chip;
      })}
    </g>
  );
}

/** What the tile says of the state's State card. */
function stateCardNote(s: VotesForWomenState): string {
  switch (s.stateCard) {
    case "available":
      return "its State card is on display";
    case "suffragist":
      return "its State card is claimed by the Suffragist";
    case "opposition":
      return "its State card is claimed by the Opposition";
    default:
      return "";
  }
}

function cubesNote(s: VotesForWomenState): string {
  const parts: string[] = [];
  if (s.purple) parts.push(`${s.purple} purple`);
  if (s.yellow) parts.push(`${s.yellow} yellow`);
  if (s.red) parts.push(`${s.red} red`);
  return parts.length ? parts.join(", ") : "no cubes";
}

/** One state's tile. */
export function StateTile(props: {
  s: VotesForWomenState;
  col: number;
  row: number;
  choice: Choice | undefined;
  choose: (id: string) => void;
  voting: { suffragist: number; opposition: number } | undefined;
}) {
  const { s, choice } = props;
  const { x, y } = cellXY(props.col, props.row);
  const mark = s.mark === "check" ? "check" : s.mark === "x" ? "x" : "";
  const title =
    `${s.name} (${s.code}), state ${s.die} of its region: ${cubesNote(s)}` +
    (mark === "check" ? ", ratified" : mark === "x" ? ", rejected" : "") +
    (stateCardNote(s) ? `; ${stateCardNote(s)}` : "");
  const body = (
    <g
      class={`state-tile region-${s.region}${mark ? ` marked-${mark}` : ""}${props.voting ? " voting" : ""}`}
      data-state={s.code}
      transform={`translate(${x},${y})`}
    >
      <title>{choice ? `${choice.label} — ${title}` : title}</title>
      <rect class="tile-bg" width={TILE_W} height={TILE_H} rx={5} />
      <text class="tile-code" x={6} y={15}>
        {s.code}
      </text>
      <g class="tile-die" transform={`translate(${TILE_W - 19},4)`}>
        <rect width={15} height={14} rx={3} />
        <text x={7.5} y={11} text-anchor="middle">
          {s.die}
        </text>
      </g>
      {mark === "check" && (
        <g class="tile-mark mark-check" transform={`translate(${TILE_W - 23},${TILE_H - 23})`}>
          <circle cx={9} cy={9} r={9.5} />
          <path d="M4 9.5 L8 13.5 L14.5 5" />
        </g>
      )}
      {mark === "x" && (
        <g class="tile-mark mark-x" transform={`translate(${TILE_W - 23},${TILE_H - 23})`}>
          <rect width={19} height={19} rx={3} />
          <path d="M5 5 L14 14 M14 5 L5 14" />
        </g>
      )}
      {s.stateCard && (
        <g class={`tile-card card-${s.stateCard}`} transform={`translate(${TILE_W - 37},3)`}>
          <rect width={13} height={16} rx={2} />
          <text x={6.5} y={12} text-anchor="middle">
            {s.stateCard === "available" ? "★" : s.stateCard === "suffragist" ? "S" : "O"}
          </text>
        </g>
      )}
      <Cubes s={s} x={4} y={TILE_H - 21} />
      {props.voting && (
        <text class="tile-vote" x={TILE_W - 5} y={TILE_H - 8} text-anchor="end">
          {`${props.voting.suffragist || "–"}:${props.voting.opposition || "–"}`}
        </text>
      )}
    </g>
  );
  return choice ? (
    <Clickable choice={choice} choose={props.choose} label={`${choice.label} (${s.name})`}>
      {body}
    </Clickable>
  ) : (
    body
  );
}

/** The outline of a region: every tile edge whose neighbour across it is in another region. */
export function RegionOutline({ cells, slug }: { cells: [number, number][]; slug: string }) {
  const inside = new Set(cells.map(([c, r]) => `${c},${r}`));
  const half = 2.5;
  const d: string[] = [];
  for (const [c, r] of cells) {
    const { x, y } = cellXY(c, r);
    const x0 = x - half;
    const y0 = y - half;
    const x1 = x - half + PITCH_X;
    const y1 = y - half + PITCH_Y;
    if (!inside.has(`${c},${r - 1}`)) d.push(`M${x0} ${y0}H${x1}`);
    if (!inside.has(`${c},${r + 1}`)) d.push(`M${x0} ${y1}H${x1}`);
    if (!inside.has(`${c - 1},${r}`)) d.push(`M${x0} ${y0}V${y1}`);
    if (!inside.has(`${c + 1},${r}`)) d.push(`M${x1} ${y0}V${y1}`);
  }
  return <path class={`region-outline region-${slug}`} d={d.join("")} />;
}

/** A Campaigner pawn: a head and a body in its hue, its letter on the body. */
export function Pawn({ hueName, x, y, size = 1 }: { hueName: string; x: number; y: number; size?: number }) {
  const h = hue(hueName);
  return (
    <g class={`pawn pawn-${hueName}`} transform={`translate(${x},${y}) scale(${size})`} data-campaigner={hueName}>
      <title>{`${h.name} Campaigner`}</title>
      <circle cx={0} cy={-6} r={4} fill={h.fill} class="pawn-shape" />
      <path d="M-7 8 Q-7 -2 0 -2 Q7 -2 7 8 Z" fill={h.fill} class="pawn-shape" />
      <text x={0} y={6.5} text-anchor="middle" style={{ fill: h.ink }} class="pawn-letter">
        {h.letter}
      </text>
    </g>
  );
}

/** A region's tab: number and name, its Campaigners, and a click when it is offered. */
export function RegionTab(props: {
  r: VotesForWomenRegion;
  index: number;
  campaigners: VotesForWomenCampaigner[];
  choice: Choice | undefined;
  choose: (id: string) => void;
}) {
  const { r, choice } = props;
  const box = tabRect(r.slug, props.index);
  const pawns = props.campaigners.filter((c) => c.region === r.slug);
  const title = `${r.number} ${r.name}: ${pawns.length ? pawns.map((p) => `${p.hue} Campaigner`).join(", ") : "no Campaigner"}`;
  const body = (
    <g class={`region-tab region-${r.slug}`} data-region={r.slug} transform={`translate(${box.x},${box.y})`}>
      <title>{choice ? `${choice.label} — ${title}` : title}</title>
      <rect class="tab-bg" width={box.w} height={box.h} rx={4} />
      <text class="tab-name" x={6} y={15}>
        <tspan class="tab-number">{r.number}</tspan> {r.name}
      </text>
      {pawns.map((p, i) => (
        <Pawn key={i} hueName={p.hue} x={box.w - 10 - i * 17} y={box.h / 2 + 1} />
      ))}
    </g>
  );
  return choice ? (
    <Clickable choice={choice} choose={props.choose} label={`${choice.label}`}>
      {body}
    </Clickable>
  ) : (
    body
  );
}

/** The Congress track: six spaces for the Congressional markers, or the amendment sent. */
export function Congress({ v, x, y, w }: { v: VotesForWomenView; x: number; y: number; w: number }) {
  const position = v.congress?.position ?? 0;
  const sent = v.congress?.amendmentSent ?? false;
  const slot = (w - 16) / 6;
  return (
    <g class={`congress${sent ? " sent" : ""}`} transform={`translate(${x},${y})`} data-congress={position}>
      <title>
        {sent
          ? "Congress has sent the 19th Amendment to the states"
          : `Congress: ${position} of the 6 Congressional markers placed; the sixth sends the 19th Amendment to the states`}
      </title>
      <rect class="panel-bg" width={w} height={2 * PITCH_Y - 5} rx={6} />
      <text class="panel-title" x={8} y={17}>
        Congress
      </text>
      <text class="panel-figure" x={w - 8} y={17} text-anchor="end">
        {sent ? "sent" : `${position}/6`}
      </text>
      {Array.from({ length: 6 }, (_, i) => {
        const filled = sent || i < position;
        return (
          <g key={i} class={`congress-space${filled ? " filled" : ""}`} transform={`translate(${8 + i * slot},26)`}>
            <rect width={slot - 4} height={26} rx={4} />
            {filled ? (
              <g class="marker">
                <circle cx={(slot - 4) / 2} cy={13} r={8} />
                <text x={(slot - 4) / 2} y={17} text-anchor="middle">
                  ★
                </text>
              </g>
            ) : (
              <text class="space-number" x={(slot - 4) / 2} y={17} text-anchor="middle">
                {i + 1}
              </text>
            )}
          </g>
        );
      })}
      <text class="panel-note" x={8} y={72}>
        {sent ? "19th Amendment sent:" : "6 markers send the"}
      </text>
      <text class="panel-note" x={8} y={86}>
        {sent ? "states ratify or reject" : "19th Amendment"}
      </text>
    </g>
  );
}

/** Checks and Xs placed, each toward its target. */
export function Score({ v, x, y, w }: { v: VotesForWomenView; x: number; y: number; w: number }) {
  const bar = (label: string, glyph: string, n: number, of: number, cls: string, by: number) => (
    <g class={`score ${cls}`} transform={`translate(0,${by})`} data-score={`${cls}:${n}`}>
      <text class="score-glyph" x={8} y={14}>
        {glyph}
      </text>
      <text class="score-label" x={24} y={14}>
        {`${label} ${n}/${of}`}
      </text>
      <rect class="score-track" x={120} y={5} width={w - 128} height={10} rx={5} />
      <rect class="score-fill" x={120} y={5} width={((w - 128) * Math.min(n, of)) / Math.max(of, 1)} height={10} rx={5} />
    </g>
  );
  return (
    <g class="scores" transform={`translate(${x},${y})`}>
      <title>{`Ratified ${v.checks} of the ${v.checksToWin} the Suffragist needs; rejected ${v.xs} of the ${v.xsToWin} the Opposition needs`}</title>
      <rect class="panel-bg" width={w} height={TILE_H} rx={6} />
      {bar("Checks", "✓", v.checks, v.checksToWin, "checks", 6)}
      {bar("Xs", "✗", v.xs, v.xsToWin, "xs", 28)}
    </g>
  );
}

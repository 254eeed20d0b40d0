// One Region of The Vote's map: its name, its Congress Control Points and who holds them,
// the Men and Women rows of Support Boxes with their markers, the three Local Laws (passed
// or not) and the votes each side has there. While the prompt offers it, the whole Region
// is clickable (`region:`), the markers a Radicalize or Persuade would change are
// (`flip:ROW`, `replace:ROW`), or a Law the Supreme Courts may strike is (`strike:`).
import type { JSX } from "preact";
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type { TheVoteBoxes, TheVoteRegion, TheVoteTarget } from "../../gen/hustings/v1/the_vote_pb";
import { Clickable, SeatMark } from "../svg";
import { REGION_H, REGION_W, sideLetter } from "./layout";
import { MARKER_KINDS, Marker, changedKind } from "./markers";
import type { MarkerKind } from "./markers";

const BOX = 19;
const STEP = 21;
const ROW_X = 50;

/** Short names of the Local Laws for their badges (the full name is the tooltip). */
const LAW_SHORT: Record<string, string> = {
  municipal: "Municipal",
  "direct-election": "Direct El.",
  "woman-suffrage": "Suffrage",
};

/** The row's boxes from left to right: each box's marker kind, or undefined when empty. */
function fill(b: TheVoteBoxes | undefined): (MarkerKind | undefined)[] {
  if (!b) return [];
  const counts: Record<MarkerKind, number> = {
    equality: b.equality,
    blue: b.blueApathy,
    red: b.redApathy,
    supremacy: b.supremacy,
  };
  const out: (MarkerKind | undefined)[] = [];
  for (const k of MARKER_KINDS) for (let i = 0; i < counts[k]; i++) out.push(k);
  while (out.length < b.boxes) out.push(undefined);
  return out;
}

/** A row of Support Boxes; `ops` are the offered marker changes on it. */
function Row(props: {
  name: string;
  row: string;
  boxes: TheVoteBoxes | undefined;
  open: boolean;
  y: number;
  ops: Choice[];
  choose: (id: string) => void;
}) {
  const kinds = fill(props.boxes);
  const offered = new Map<MarkerKind, Choice>();
  const loose: Choice[] = [];
  for (const c of props.ops) {
    const k = changedKind(c);
    if (k && kinds.includes(k) && !offered.has(k)) offered.set(k, c);
    else loose.push(c);
  }
  // Markers of one kind sit together, so each offered kind is one clickable group.
  const groups: JSX.Element[] = [];
  let i = 0;
  while (i < kinds.length) {
    const k = kinds[i];
    let j = i;
    while (j < kinds.length && kinds[j] === k) j++;
    const els = kinds.slice(i, j).map((kind, n) => <Marker key={i + n} kind={kind} x={ROW_X + (i + n) * STEP} y={props.y} s={BOX} />);
    const c = k ? offered.get(k) : undefined;
    groups.push(
      c ? (
        <Clickable key={`g${i}`} choice={c} choose={props.choose}>
          <rect class="offer-ring" x={ROW_X + i * STEP - 2} y={props.y - 2} width={(j - i) * STEP + 2} height={BOX + 4} rx={4} />
          {els}
        </Clickable>
      ) : (
        <g key={`g${i}`}>{els}</g>
      ),
    );
    i = j;
  }
  const label = (
    <text class={`row-name${props.open ? "" : " closed"}`} x={6} y={props.y + 13}>
      {props.name}
    </text>
  );
  return (
    <g class={`support-row row-${props.row}${props.open ? "" : " closed"}`} data-row={props.row}>
      {loose[0] ? (
        <Clickable choice={loose[0]} choose={props.choose}>
          <rect class="offer-ring" x={2} y={props.y - 2} width={ROW_X - 4} height={BOX + 4} rx={4} />
          {label}
        </Clickable>
      ) : (
        label
      )}
      {groups}
      {!props.open && (
        <text class="row-closed" x={ROW_X + 2} y={props.y + 13}>
          closed: needs Woman Suffrage
        </text>
      )}
    </g>
  );
}

/** The votes bar: Equality's votes from the left, Supremacy's from the right. */
function Votes(props: { blue: number; red: number; y: number }) {
  const total = Math.max(1, props.blue + props.red);
  const w = REGION_W - 12;
  const bw = (w * props.blue) / total;
  return (
    <g class="votes" transform={`translate(6,${props.y})`}>
      <rect class="votes-blue" width={bw} height={12} rx={2} />
      <rect class="votes-red" x={bw} width={w - bw} height={12} rx={2} />
      <text class="votes-text" x={4} y={10}>{`E ${props.blue} votes`}</text>
      <text class="votes-text" x={w - 4} y={10} text-anchor="end">{`${props.red} votes S`}</text>
    </g>
  );
}

/** One Region panel at (x, y). */
export function RegionPanel(props: {
  r: TheVoteRegion;
  x: number;
  y: number;
  target: TheVoteTarget | undefined;
  pendingHere: boolean;
  region: Choice | undefined;
  markers: Map<string, Choice> | undefined;
  laws: Map<string, Choice>;
  choose: (id: string) => void;
}) {
  const { r, choose } = props;
  // Inner things are clickable only when the Region as a whole is not.
  const whole = props.region;
  const ops = (row: string) => (whole ? [] : [...(props.markers?.values() ?? [])].filter((c) => c.id.endsWith(`:${row}`)));
  const laws = r.laws.map((l, i) => {
    const c = whole ? undefined : props.laws.get(`${r.id}:${l.id}`);
    const badge = (
      <g class={`law${l.passed ? " passed" : ""}`} data-law={l.id} transform={`translate(${6 + i * 67},0)`}>
        <title>{`${l.name}: ${l.passed ? "in force" : "not passed"}`}</title>
        <rect class="law-bg" width={64} height={16} rx={8} />
        <text x={32} y={12} text-anchor="middle">{`${l.passed ? "✓" : "○"} ${LAW_SHORT[l.id] ?? l.name}`}</text>
      </g>
    );
    return c ? (
      <Clickable key={l.id} choice={c} choose={choose}>
        {badge}
      </Clickable>
    ) : (
      <g key={l.id}>{badge}</g>
    );
  });
  const t = props.target;
  const panel = (
    <g
      class={`region${t ? " targeted" : ""}${props.pendingHere ? " pending-here" : ""}`}
      data-region={r.id}
      transform={`translate(${props.x},${props.y})`}
    >
      <rect class="region-bg" width={REGION_W} height={REGION_H} rx={6} />
      <text class="region-name" x={6} y={15}>
        {r.name}
      </text>
      <g class="ccp">
        <title>{`${r.congressPoints} Congress Control Points, held by ${r.congressHolder === 0 ? "Equality" : "Supremacy"}`}</title>
        <text class="ccp-text" x={REGION_W - 22} y={15} text-anchor="end">{`${r.congressPoints} CCP`}</text>
        <SeatMark seat={r.congressHolder} letter={sideLetter(r.congressHolder)} x={REGION_W - 11} y={10} r={6.5} />
      </g>
      <Row name="Men" row="men" boxes={r.men} open y={22} ops={ops("men")} choose={choose} />
      <Row name="Women" row="women" boxes={r.women} open={r.womenOpen} y={46} ops={ops("women")} choose={choose} />
      <g transform="translate(0,72)">{laws}</g>
      <Votes blue={r.blue} red={r.red} y={93} />
      {t && (
        <text class="target-note" x={6} y={121}>
          {targetNote(t)}
        </text>
      )}
    </g>
  );
  return whole ? (
    <Clickable choice={whole} choose={choose} label={`${r.name}: ${whole.label}`}>
      {panel}
    </Clickable>
  ) : (
    panel
  );
}

/** What the action being resolved has done in a Region, in a few words. */
function targetNote(t: TheVoteTarget): string {
  const bits = [t.bonus ? "▶ bonus action" : "▶ action here"];
  const blocks = (t.block ? 1 : 0) + t.furtherBlocks.length;
  const countered = (t.counter ? 1 : 0) + t.furtherBlocks.filter((b) => b.counter).length;
  if (blocks === 1) bits.push(countered ? "Block countered" : "Blocked");
  else if (blocks > 1) bits.push(`${blocks} Blocks, ${countered} countered`);
  if (t.changed) bits.push(`${t.changed} changed`);
  if (t.suppressed) bits.push(`${t.suppressed} supp.`);
  if (t.resolved) bits.push(t.passed ? "passed" : "failed");
  return bits.join(" · ");
}

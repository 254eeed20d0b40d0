// The small drawing beside a legend entry: the mark its key names, drawn by the same code
// or with the same CSS classes the board uses (a Support Marker, a cube chip, a Campaigner,
// a state's check or X, a space's tint, a card's edge, an offered choice), so the legend
// cannot drift from the board. The swatch sits in an <svg> with the board's own class
// ("presidency", "vfw", "tv") so the board's stylesheet colours it. An unknown key draws
// nothing.
import type { JSX } from "preact";
import { Die, seatColor } from "../boards/svg";
import { Marker, MARKER_KINDS } from "../boards/tv/markers";
import type { MarkerKind } from "../boards/tv/markers";
import { HUES } from "../boards/vfw/layout";
import { Pawn } from "../boards/vfw/map";

const S = 22;

function isMarker(name: string): name is MarkerKind {
  return (MARKER_KINDS as readonly string[]).includes(name);
}

/** The drawing for `k` ("kind:name"), in the style of the board `board` (its CSS class). */
export function Swatch(props: { k: string; board: string }) {
  const [kind, name = ""] = props.k.split(":");
  const drawn = draw(kind ?? "", name);
  if (!drawn) return null;
  return (
    <svg class={`swatch ${props.board}`} width={S} height={S} viewBox={`0 0 ${S} ${S}`} aria-hidden="true" data-swatch={props.k}>
      {drawn}
    </svg>
  );
}

/** A card's corner: its background and the coloured edge that tells its deck or faction. */
function cardCorner(cls: string): JSX.Element {
  return (
    <g class={`card ${cls}`}>
      <rect class="card-bg" x={2} y={2} width={S - 4} height={S - 4} rx={3} />
      {cls.includes("face-down") && <rect class="card-hatch" x={2} y={2} width={S - 4} height={S - 4} rx={3} />}
      <rect class="card-edge" x={2} y={2} width={4} height={S - 4} rx={2} />
    </g>
  );
}

function draw(kind: string, name: string): JSX.Element | null {
  switch (kind) {
    case "marker":
      if (name === "empty") return <Marker kind={undefined} x={2} y={2} s={S - 4} />;
      return isMarker(name) ? <Marker kind={name} x={2} y={2} s={S - 4} /> : null;
    case "cube": {
      const h = HUES[name];
      if (!h) return null;
      return (
        <g>
          <rect x={1} y={3} width={S - 2} height={S - 6} rx={3} style={{ fill: h.fill }} />
          <text x={S / 2} y={S / 2 + 4} text-anchor="middle" font-size="11" font-weight="700" style={{ fill: h.ink }}>
            {h.letter}
          </text>
        </g>
      );
    }
    case "campaigner":
      return <Pawn hueName={name === "opposition" ? "red" : "purple"} x={S / 2} y={S / 2 + 2} />;
    case "state":
      if (name === "check")
        return (
          <g class="tile-mark mark-check" transform="translate(2,2)">
            <circle cx={9} cy={9} r={9} />
            <path d="M4 9.5 L8 13.5 L14.5 5" />
          </g>
        );
      if (name === "x")
        return (
          <g class="tile-mark mark-x" transform="translate(2,2)">
            <rect width={18} height={18} rx={3} />
            <path d="M5 5 L13 13 M13 5 L5 13" />
          </g>
        );
      return null;
    case "state-card": {
      const letter = name === "available" ? "★" : name === "suffragist" ? "S" : name === "opposition" ? "O" : "";
      if (!letter) return null;
      return (
        <g class={`tile-card card-${name}`} transform="translate(4,3)">
          <rect width={13} height={16} rx={2} />
          <text x={6.5} y={12} text-anchor="middle">
            {letter}
          </text>
        </g>
      );
    }
    case "space":
      return (
        <g class={`space ${name}`}>
          <rect class="space-bg" x={1} y={1} width={S - 2} height={S - 2} rx={4} />
        </g>
      );
    case "card":
      if (name === "equality" || name === "supremacy") return cardCorner(`faction-${name}`);
      if (name === "face-down") return cardCorner("face-down");
      if (name === "edge") return cardCorner("deck-suffragist");
      return null;
    case "dice":
      return <Die x={3} y={3} size={S - 6} value={name === "2d6" ? 2 : 1} />;
    case "pawn":
      return <circle cx={S / 2} cy={S / 2} r={S / 2 - 3} fill={seatColor(0)} stroke="#1d2433" />;
    case "choice":
      return <rect x={3} y={3} width={S - 6} height={S - 6} rx={3} fill="#fff" stroke="var(--offer)" stroke-width="4" />;
    default:
      return null;
  }
}

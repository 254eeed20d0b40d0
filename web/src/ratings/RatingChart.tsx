// A rating's history as a chart on a profile: the rating after each rated match as a line,
// its 95% range as a band around it, the scale's ends on the left; each point's title says
// its value and range, and the chart's name sums it up for a screen reader.
import type { RatingPoint } from "../gen/hustings/v1/hustings_pb";
import { chartGeometry, chartSummary } from "./ratings";

const W = 260;
const H = 80;
const PAD = 34;

export function RatingChart(props: { history: RatingPoint[]; of: string }) {
  if (props.history.length === 0) return null;
  const g = chartGeometry(props.history, W, H);
  return (
    <svg
      class="rating-chart"
      viewBox={`0 0 ${W + PAD + 8} ${H + 12}`}
      width={W + PAD + 8}
      height={H + 12}
      role="img"
      aria-label={`Rating history: ${chartSummary(props.history)}`}
      data-rating-chart={props.of}
    >
      <g transform={`translate(${PAD},6)`}>
        <rect class="chart-frame" width={W} height={H} />
        <text class="chart-scale" x={-4} y={4} text-anchor="end">
          {g.top}
        </text>
        <text class="chart-scale" x={-4} y={H} text-anchor="end">
          {g.bottom}
        </text>
        <path class="chart-band" d={g.band} />
        <path class="chart-line" d={g.line} />
        {props.history.map((p, i) => (
          <circle key={p.matchId || i} class="chart-point" cx={g.xs[i]} cy={g.ys[i]} r={3} data-point={p.rating}>
            <title>{`${p.rating}${p.provisional ? "?" : ""} (${p.low}–${p.high}) after match ${p.matchId.slice(0, 8)}`}</title>
          </circle>
        ))}
      </g>
    </svg>
  );
}

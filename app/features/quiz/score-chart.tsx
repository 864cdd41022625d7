import { formatLongDate } from "~/lib/dates";
import { fill, quizTexts as t } from "~/lib/texts";
import { chartGeometry } from "./chart-scale";
import { quizTechnologyName } from "./quiz-format";

/** Seven colours from the tokens; lines after the seventh are dashed, so no two look alike. */
const COLOURS = 7;
const seriesClass = (i: number) =>
  `score-chart__series score-chart__series--c${i % COLOURS}${i >= COLOURS ? " score-chart__series--dashed" : ""}`;

/** Where a label sits against its tick: the ends are aligned inwards so they stay inside the chart. */
const align = (x: number) => (x < 15 ? "start" : x > 85 ? "end" : "middle");

/**
 * Score over time, one line per technology (issue #12): our own small SVG, no chart
 * library (the bundle budget). To assistive technology it is one image with a summary;
 * the table of attempts below it holds every value.
 */
export function ScoreChart({
  attempts,
  order,
  nameOf = quizTechnologyName,
}: {
  attempts: Parameters<typeof chartGeometry>[0];
  /** The series in the order of the set-up form (quiz technologies by default). */
  order?: readonly string[];
  nameOf?: (series: string) => string;
}) {
  const geometry = chartGeometry(attempts, order);
  const count = geometry.series.reduce((n, s) => n + s.points.length, 0);
  const label = fill(t.chartLabel, {
    technologies: geometry.series.map((s) => nameOf(s.technology)).join(", "),
    count,
    from: formatLongDate(new Date(geometry.from).toISOString()),
    to: formatLongDate(new Date(geometry.to).toISOString()),
  });
  return (
    <figure className="score-chart">
      <div className="score-chart__frame" role="img" aria-label={label}>
        <div className="score-chart__y">
          {geometry.yTicks.map((tick) => (
            <span key={tick.value} style={{ top: `${tick.y}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
        <div className="score-chart__plot">
          <svg className="score-chart__svg" width="100%" height="100%">
            {geometry.yTicks.map((tick) => (
              <line key={tick.value} className="score-chart__grid" x1="0" x2="100%" y1={`${tick.y}%`} y2={`${tick.y}%`} />
            ))}
            {geometry.series.map((series, i) => (
              <g key={series.technology} className={seriesClass(i)}>
                {series.points.slice(1).map((point, j) => {
                  const from = series.points[j]!;
                  return <line key={point.id} x1={`${from.x}%`} y1={`${from.y}%`} x2={`${point.x}%`} y2={`${point.y}%`} />;
                })}
                {series.points.map((point) => (
                  <circle key={point.id} className="score-chart__point" cx={`${point.x}%`} cy={`${point.y}%`} r="5">
                    <title>{`${nameOf(series.technology)}, ${formatLongDate(point.finishedAt)}: ${point.score}%`}</title>
                  </circle>
                ))}
              </g>
            ))}
          </svg>
        </div>
        <div className="score-chart__x">
          {geometry.xTicks.map((tick) => (
            <span key={tick.value} className={`score-chart__tick score-chart__tick--${align(tick.x)}`} style={{ left: `${tick.x}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <figcaption>
        <ul className="score-chart__legend" aria-label={t.chartLegend}>
          {geometry.series.map((series, i) => (
            <li key={series.technology}>
              <svg className={seriesClass(i)} width="28" height="12" aria-hidden>
                <line x1="2" y1="6" x2="26" y2="6" />
                <circle cx="14" cy="6" r="4" />
              </svg>
              {nameOf(series.technology)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

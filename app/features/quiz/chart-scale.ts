import { QUIZ_TECHNOLOGIES } from "./quiz-settings";

/**
 * The arithmetic of the score-over-time chart, apart from its drawing so that it can be
 * tested. Positions are percentages of the plot area: the chart stretches to any width
 * while its text keeps the page's font size (no viewBox scaling, which made labels
 * unreadably small on phones).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The plot keeps a margin so that points on the edges are not cut in half. */
export const X_RANGE: [number, number] = [4, 96];
/** Top-down: 100 % at the top, 0 % at the bottom. */
export const Y_RANGE: [number, number] = [94, 6];

/** A linear map from a domain onto a range; a domain of one value maps to the middle of the range. */
export function scaleLinear(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d0 === d1) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** The time span the chart shows: the attempts' span, or a day around a single moment. */
export function timeDomain(times: number[]): [number, number] {
  if (!times.length) {
    const now = Date.now();
    return [now - DAY_MS / 2, now + DAY_MS / 2];
  }
  const min = Math.min(...times);
  const max = Math.max(...times);
  return min === max ? [min - DAY_MS / 2, max + DAY_MS / 2] : [min, max];
}

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const yearLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const timeLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

export interface Tick {
  value: number;
  label: string;
}

const DAY_STEPS = [1, 2, 3, 7, 14, 30, 61, 91, 182, 365];

/**
 * Date ticks, in UTC like every date on the site (so the server and the browser agree):
 * whole days when the span covers several, else two moments with their time.
 */
export function timeTicks(domain: [number, number], maxTicks = 5): Tick[] {
  const [d0, d1] = domain;
  const span = d1 - d0;
  if (span < 2 * DAY_MS) {
    // Two moments (labels with a time are long; three overlap on a phone), or one when both read the same.
    const [first, last] = [d0 + span / 6, d0 + (5 * span) / 6].map((value) => ({ value, label: timeLabel.format(value) }));
    return first!.label === last!.label ? [{ value: d0 + span / 2, label: first!.label }] : [first!, last!];
  }
  const days = span / DAY_MS;
  const step = DAY_STEPS.find((s) => days / s <= maxTicks - 1) ?? Math.ceil(days / (maxTicks - 1));
  const format = step >= 61 ? yearLabel : dayLabel;
  const ticks: Tick[] = [];
  for (let value = Math.ceil(d0 / DAY_MS) * DAY_MS; value <= d1; value += step * DAY_MS) ticks.push({ value, label: format.format(value) });
  return ticks;
}

export interface ChartPoint {
  id: string;
  /** Percent from the left of the plot area. */
  x: number;
  /** Percent from the top of the plot area. */
  y: number;
  score: number;
  finishedAt: string;
}

export interface ChartSeries {
  /** A quiz's technology, or an interview's track. */
  technology: string;
  points: ChartPoint[];
}

export interface ChartGeometry {
  series: ChartSeries[];
  xTicks: (Tick & { x: number })[];
  yTicks: (Tick & { y: number })[];
  from: number;
  to: number;
}

/** One line per technology (in `order`, the set-up form's), its points oldest first; axes 0–100 %. */
export function chartGeometry(
  attempts: { id: string; technology: string; score: number; finishedAt: string | null }[],
  order: readonly string[] = QUIZ_TECHNOLOGIES,
): ChartGeometry {
  const finished = attempts.filter((a): a is typeof a & { finishedAt: string } => a.finishedAt !== null);
  const times = finished.map((a) => Date.parse(a.finishedAt));
  const domain = timeDomain(times);
  const x = scaleLinear(domain, X_RANGE);
  const y = scaleLinear([0, 100], Y_RANGE);
  const series = order.flatMap((technology) => {
    const points = finished
      .filter((a) => a.technology === technology)
      .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
      .map((a) => ({ id: a.id, x: x(Date.parse(a.finishedAt)), y: y(a.score), score: a.score, finishedAt: a.finishedAt }));
    return points.length ? [{ technology, points }] : [];
  });
  return {
    series,
    xTicks: timeTicks(domain).map((tick) => ({ ...tick, x: x(tick.value) })),
    yTicks: [0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%`, y: y(value) })),
    from: times.length ? Math.min(...times) : domain[0],
    to: times.length ? Math.max(...times) : domain[1],
  };
}

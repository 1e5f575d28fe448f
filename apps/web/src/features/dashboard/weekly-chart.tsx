import classes from './weekly-chart.module.css';

/** The tallest bar's share of the chart's height: the rest is the line of its count above it. */
export const BAR_AREA = 0.86;

/** Each week's bar height as a percentage of the chart, proportional to its count (all zero: no bars). */
export function weeklyBars(data: { week: string; count: number }[]) {
  const highest = Math.max(1, ...data.map((w) => w.count));
  return data.map((w) => ({ ...w, height: (Math.max(0, w.count) / highest) * BAR_AREA * 100 }));
}

/**
 * The dashboard's evaluations per week as plain bars (issue 11, decision 167): twelve columns need no chart
 * library, and recharts' first render was the dashboard's largest task on a phone. Each bar states its count
 * above it (an empty week shows no bar and no number); the list reads as "week: count" to a screen reader.
 */
export function WeeklyChart({ data, seriesLabel }: { data: { week: string; count: number }[]; seriesLabel: string }) {
  const bars = weeklyBars(data);
  return (
    <div className={classes.frame} style={{ '--weeks': data.length } as React.CSSProperties}>
      <ol className={classes.chart} aria-label={seriesLabel}>
        {bars.map((w) => (
          <li key={w.week} className={classes.week} aria-label={`${w.week}: ${w.count}`} data-testid="weekly-bar">
            <span className={classes.count} aria-hidden>
              {w.count > 0 ? w.count : '\u00a0'}
            </span>
            <span className={classes.bar} style={{ height: `${w.height}%` }} aria-hidden />
          </li>
        ))}
      </ol>
      <div className={classes.labels} aria-hidden>
        {data.map((w) => (
          <span key={w.week} className={classes.label}>
            {w.week}
          </span>
        ))}
      </div>
    </div>
  );
}

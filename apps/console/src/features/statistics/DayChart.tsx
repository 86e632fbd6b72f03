import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries, LineChart, type LineChartSeries } from '@mantine/charts';

type Days = readonly ({ day: string } & Record<string, unknown>)[];

/** What every day chart shares: its height, the legend, the days along the bottom and whole counts up the side. */
const dayChart = (days: Days) => ({
  h: 320,
  data: [...days],
  dataKey: 'day',
  withLegend: true,
  xAxisProps: { tickFormatter: (day: string) => day.slice(5) },
  yAxisProps: { allowDecimals: false },
});

/** Counts per day as lines; a second scale on the right for series far smaller than the first (`yAxisId: 'right'`). */
export function DayLineChart({ days, series }: { days: Days; series: LineChartSeries[] }) {
  const right = series.some((s) => s.yAxisId === 'right');
  return (
    <LineChart
      {...dayChart(days)}
      curveType="linear"
      series={series}
      withDots={days.length <= 62}
      withRightYAxis={right}
      rightYAxisProps={{ allowDecimals: false }}
    />
  );
}

/** Counts per day as stacked bars: parts of one whole (the link events of a day). */
export function DayBarChart({ days, series }: { days: Days; series: BarChartSeries[] }) {
  return <BarChart {...dayChart(days)} type="stacked" series={series} />;
}

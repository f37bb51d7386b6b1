/**
 * Placeholder bar chart until the charts issue brings ECharts. It lives in its own lazy chunk,
 * so swapping it for ECharts keeps the chart library off the first page load.
 */
export interface ChartPoint {
  label: string;
  value: number;
}

export function ChartView({ points }: { points: ChartPoint[] }) {
  const max = Math.max(1, ...points.map((point) => point.value));
  return (
    <svg role="img" aria-label="Chart" viewBox={`0 0 ${points.length * 20} 100`} className="h-48 w-full">
      {points.map((point, index) => {
        const height = (point.value / max) * 100;
        return (
          <rect
            key={point.label}
            x={index * 20 + 2}
            y={100 - height}
            width={16}
            height={height}
            className="fill-indigo-500"
          >
            <title>{`${point.label}: ${point.value}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

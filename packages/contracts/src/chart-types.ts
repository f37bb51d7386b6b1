/**
 * The chart types, in the order the chart builder offers them. Kept apart from the chart schemas
 * so the web app can import the list without the zod code around them.
 */
export const chartTypes = ['bar', 'line', 'area', 'pie', 'scatter'] as const;
export type ChartType = (typeof chartTypes)[number];

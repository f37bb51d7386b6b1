/** Cache keys of the dashboards, beside them rather than in api/query-keys.ts (the first load's). */
export const dashboardKeys = {
  list: ['dashboards'] as const,
  dashboard: (id: string) => ['dashboards', id] as const,
  // Apart from the dashboard, so arranging tiles does not run every tile again.
  data: (id: string) => ['dashboard-data', id] as const,
  savedQueries: ['queries', 'saved'] as const,
};

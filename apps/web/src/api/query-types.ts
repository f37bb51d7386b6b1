// Saved queries, runs, charts and favourites: the types are @querent/contracts' (types only, so
// zod stays out of the bundle); this file adds the few client-side shapes built on them.
import type { ResultColumn, ResultRow } from '@querent/contracts';

export type {
  Chart,
  ChartConfig,
  ChartType,
  CreateChartBody,
  CreateSavedQueryBody,
  ExportFormat,
  FavoriteChart,
  FavoriteQuery,
  Favorites,
  FavoriteState,
  QueryHistoryItem,
  QueryResults,
  ResultColumn,
  ResultPreview,
  ResultRow,
  RunQueryResult,
  SavedQuery,
  UpdateChartBody,
  UpdateSavedQueryBody,
} from '@querent/contracts';

/**
 * A result as the grid and the charts take it: a fresh run, a saved query's stored results or a
 * favourite's preview. Each row holds its cells in `columns` order.
 */
export interface ResultData {
  columns: ResultColumn[];
  rows: ResultRow[];
  count: number | null;
  truncated: boolean;
  durationMs?: number | null;
}

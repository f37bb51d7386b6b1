import type { Chart, FavoriteChart, FavoriteQuery, QueryResults, SavedQuery } from '@querent/contracts';
import { abilitiesFor } from './fixtures.ts';

/** A saved query as the API returns it; tests override what they look at. */
export function makeSavedQuery(overrides: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: 'q1',
    title: 'Top artists',
    sql: 'SELECT 1',
    databaseId: 'd1',
    is_favorite: false,
    is_saved: true,
    conversationId: null,
    editable: true,
    abilities: abilitiesFor('run', 'edit', 'delete', 'share'),
    shared: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    lastRun: null,
    question: null,
    verified: false,
    ...overrides,
  };
}

export function makeResults(overrides: Partial<QueryResults> = {}): QueryResults {
  return {
    queryId: 'q1',
    // Cells in `columns` order: name, albums.
    rows: [
      ['AC/DC', 2],
      ['Accept', null],
    ],
    count: 2,
    columns: [
      { name: 'name', type: 'text' },
      { name: 'albums', type: 'integer' },
    ],
    truncated: false,
    durationMs: 12,
    ranAt: new Date().toISOString(),
    error: null,
    ...overrides,
  };
}

export function makeChart(overrides: Partial<Chart> = {}): Chart {
  return {
    id: 'c1',
    queryId: 'q1',
    title: 'Albums per artist',
    config: { type: 'bar', x: 'name', y: ['albums'] },
    is_favorite: false,
    editable: true,
    abilities: abilitiesFor('run', 'edit', 'delete', 'share'),
    shared: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFavoriteQuery(overrides: Partial<FavoriteQuery> = {}): FavoriteQuery {
  const { rows, columns, count, truncated, ranAt } = makeResults();
  return {
    ...makeSavedQuery({ is_favorite: true }),
    preview: { rows, columns, count, truncated, ranAt },
    ...overrides,
  };
}

export function makeFavoriteChart(overrides: Partial<FavoriteChart> = {}): FavoriteChart {
  const { rows, columns, count, truncated, ranAt } = makeResults();
  return {
    ...makeChart({ is_favorite: true }),
    query: { id: 'q1', title: 'Top artists', sql: 'SELECT 1' },
    preview: { rows, columns, count, truncated, ranAt },
    ...overrides,
  };
}

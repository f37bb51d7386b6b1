import type { DashboardFilter } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { TileRecord } from './dashboard-record.ts';

/**
 * Each binding of a dashboard's filters names one of its tiles, the way that tile can follow it:
 * a query tile by a column, a metric tile by a dimension; a text tile follows nothing, and a tile
 * follows a filter once. Otherwise a 400 naming `filters.<i>.bindings.<j>.<field>`.
 */
export function checkFilterBindings(filters: readonly DashboardFilter[], tiles: readonly TileRecord[]): void {
  const byId = new Map(tiles.map((tile) => [tile.id, tile]));
  filters.forEach((filter, filterIndex) => {
    const bound = new Set<string>();
    filter.bindings.forEach((binding, bindingIndex) => {
      const at = `filters.${filterIndex}.bindings.${bindingIndex}`;
      const tile = byId.get(binding.tileId);
      if (tile === undefined)
        throw new AppError('BAD_REQUEST', `This dashboard has no tile ${binding.tileId}`, {
          field: `${at}.tileId`,
        });
      if (bound.has(tile.id))
        throw new AppError('BAD_REQUEST', `Filter ${filter.name} is bound to tile ${tile.id} twice`, {
          field: `${at}.tileId`,
        });
      bound.add(tile.id);
      if (tile.kind === 'text')
        throw new AppError('BAD_REQUEST', 'A text tile has no data to filter', { field: `${at}.tileId` });
      if (tile.kind === 'query' && binding.column === undefined)
        throw new AppError('BAD_REQUEST', 'A query tile is bound by one of its columns', {
          field: `${at}.column`,
        });
      if (tile.kind === 'metric' && binding.dimension === undefined)
        throw new AppError('BAD_REQUEST', 'A metric tile is bound by a dimension of its model', {
          field: `${at}.dimension`,
        });
    });
  });
}

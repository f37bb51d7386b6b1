import type { DbtRelations, DbtSummaries } from './dbt-artifacts.ts';
import { isDbtSummary, parseDbtCatalog, parseDbtManifest, summarizeDbt } from './dbt-artifacts.ts';

/** What a create or update does to the stored dbt files; undefined members stay as they are. */
export interface DbtChanges {
  dbtManifest?: DbtRelations | null;
  dbtCatalog?: DbtRelations | null;
  dbtSummary?: DbtSummaries;
}

function parseOne(value: unknown, parse: (value: unknown) => DbtRelations): DbtRelations | null | undefined {
  if (value === undefined || isDbtSummary(value)) return undefined;
  if (value === null) return null;
  return parse(value);
}

/**
 * Reads dbt_manifest / dbt_catalog of a request body: a file replaces, null removes, absent or a
 * summary sent back keeps what is stored (`current`).
 */
export function dbtChanges(
  body: { dbt_manifest?: unknown; dbt_catalog?: unknown },
  current: DbtSummaries,
): DbtChanges {
  const manifest = parseOne(body.dbt_manifest, parseDbtManifest);
  const catalog = parseOne(body.dbt_catalog, parseDbtCatalog);
  if (manifest === undefined && catalog === undefined) return {};
  return {
    ...(manifest === undefined ? {} : { dbtManifest: manifest }),
    ...(catalog === undefined ? {} : { dbtCatalog: catalog }),
    dbtSummary: {
      manifest: manifest === undefined ? current.manifest : summarizeDbt(manifest),
      catalog: catalog === undefined ? current.catalog : summarizeDbt(catalog),
    },
  };
}

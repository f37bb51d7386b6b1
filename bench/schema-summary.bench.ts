// The analyst's schema summary for 5,000 and 20,000 tables: the first turn after a schema change
// (cold) and the turns after it (cached per schema version), against building the summary from an
// already-read schema, as every turn did before the cache.
import { snapshotOf } from '../apps/server/src/agent/schema/schema-snapshot.ts';
import { summarizeSchema } from '../apps/server/src/agent/schema/schema-summary.ts';
import { generateTables, schemaOf } from './generated-schema.ts';
import { median } from './server-process.ts';

const runs = 7;
// The budget a 100,000-token context window gives the summary (15%, at most 8,000 tokens).
const options = { focus: new Set<string>(), budgetTokens: 8000 };

function time(action: () => unknown): number {
  const started = performance.now();
  action();
  return performance.now() - started;
}

async function measure(tableCount: number) {
  const schema = schemaOf(generateTables(tableCount));
  const baseline: number[] = [];
  const cold: number[] = [];
  const cached: number[] = [];
  const index: number[] = [];
  for (let run = 0; run < runs + 1; run += 1) {
    // A new version of the same schema, as a refresh makes: nothing of the last run is cached.
    const version = structuredClone(schema);
    const b = time(() => summarizeSchema(schema, options));
    const c = time(() => snapshotOf(version).summary(options));
    const h = time(() => snapshotOf(version).summary(options));
    const i = time(() => snapshotOf(version).index);
    if (run === 0) continue;
    baseline.push(b);
    cold.push(c);
    cached.push(h);
    index.push(i);
    // Let the collector catch up between runs, as turns are seconds apart.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const base = median(baseline);
  return [
    {
      benchmark: `schema summary, ${tableCount.toLocaleString('en-US')} tables, cold (new schema version), median of ${runs}`,
      querent: `${median(cold).toFixed(1)} ms (search index at first search: +${median(index).toFixed(0)} ms)`,
      baseline: `${base.toFixed(1)} ms (summary built from the already-read schema)`,
      ratio: (median(cold) / base).toFixed(2),
      target: 'cold ≈ baseline',
    },
    {
      benchmark: `schema summary, ${tableCount.toLocaleString('en-US')} tables, cached (same schema version), median of ${runs}`,
      querent: `${median(cached).toFixed(3)} ms`,
      baseline: `${base.toFixed(1)} ms (summary built from the already-read schema)`,
      ratio: (median(cached) / base).toFixed(4),
      target: 'cached < 1% of baseline',
    },
  ];
}

export async function benchSchemaSummary() {
  return [...(await measure(5_000)), ...(await measure(20_000))];
}

if (import.meta.main) console.table(await benchSchemaSummary());

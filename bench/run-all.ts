// `npm run bench`: every benchmark measures Querent and a baseline in the same run and prints the ratio.
// `npm run bench -- NAME …` runs only the named ones (the names below).
import { benchAgentStep } from './agent-step.bench.ts';
import { benchBundleSize } from './bundle-size.bench.ts';
import { benchChatConcurrency } from './chat-concurrency.bench.ts';
import { benchChatLatency } from './chat-latency.bench.ts';
import { benchChatScale } from './chat-scale.bench.ts';
import { benchChatSoak } from './chat-soak.bench.ts';
import { benchExportCsv } from './export-csv.bench.ts';
import { benchIntrospect } from './introspect.bench.ts';
import { benchQueryMemory } from './query-memory.bench.ts';
import { benchQualityScan } from './quality-scan.bench.ts';
import { benchQueryRun } from './query-run.bench.ts';
import { benchSchemaSearchRecall } from './schema-search-recall.bench.ts';
import { benchSchemaSummary } from './schema-summary.bench.ts';
import { benchSessionResolution } from './session-resolution.bench.ts';
import { benchSignInFlow } from './sign-in-flow.bench.ts';
import { benchStartup } from './startup.bench.ts';

type Row = Record<string, string>;

// In the order a full run takes them; the soak is left out of a full run (it lasts minutes).
const benchmarks: Record<string, () => Row[] | Promise<Row[]>> = {
  startup: benchStartup,
  'bundle-size': benchBundleSize,
  'query-run': benchQueryRun,
  'query-memory': benchQueryMemory,
  introspect: benchIntrospect,
  'export-csv': benchExportCsv,
  'agent-step': benchAgentStep,
  'chat-latency': benchChatLatency,
  'schema-summary': benchSchemaSummary,
  'schema-search-recall': benchSchemaSearchRecall,
  'chat-concurrency': benchChatConcurrency,
  'chat-scale': benchChatScale,
  'session-resolution': benchSessionResolution,
  'sign-in-flow': benchSignInFlow,
  'quality-scan': benchQualityScan,
};

const onlyByName: Record<string, () => Promise<Row[]>> = { 'chat-soak': benchChatSoak };

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benchmarks) && !(name in onlyByName));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark ${unknown.join(', ')}; the names are: ${[...Object.keys(benchmarks), ...Object.keys(onlyByName)].join(', ')}`,
  );
  process.exit(2);
}
const rows: Row[] = [];
const all = { ...benchmarks, ...onlyByName };
for (const name of asked.length > 0 ? asked : Object.keys(benchmarks)) {
  const run = all[name];
  if (run) rows.push(...(await run()));
}
console.table(rows);

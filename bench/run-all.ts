// `npm run bench`: every benchmark measures Querent and a baseline in the same run and prints the ratio.
import { benchAgentStep } from './agent-step.bench.ts';
import { benchBundleSize } from './bundle-size.bench.ts';
import { benchChatConcurrency } from './chat-concurrency.bench.ts';
import { benchChatLatency } from './chat-latency.bench.ts';
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

const rows = [...(await benchStartup()), ...(await benchBundleSize())];
rows.push(...(await benchQueryRun()), ...(await benchQueryMemory()), ...(await benchIntrospect()));
rows.push(...(await benchExportCsv()));
rows.push(...(await benchAgentStep()), ...(await benchChatLatency()));
rows.push(...(await benchSchemaSummary()), ...benchSchemaSearchRecall());
rows.push(...(await benchChatConcurrency()));
rows.push(...(await benchSessionResolution()), ...(await benchSignInFlow()));
rows.push(...(await benchQualityScan()));
console.table(rows);

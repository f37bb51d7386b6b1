// Server time per agent step: Querent's loop against bare `streamText` calls of the same scripted model.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { StatusEvent } from '@querent/contracts';
import { isStepCount, jsonSchema, streamText, tool } from 'ai';
import { io as connect } from 'socket.io-client';
import { LOCAL_ADMIN_ID } from '../apps/server/src/auth/local-admin.ts';
import { ensureDemoDatabase } from '../apps/server/src/demo/ensure-demo-database.ts';
import type { ScriptEntry } from '../apps/server/test/helpers/scripted-model.ts';
import { scriptedModel } from '../apps/server/test/helpers/scripted-model.ts';
import { startTestApp } from '../apps/server/test/helpers/test-app.ts';
import { median } from './server-process.ts';

const toolSteps = 20;
const warmUps = 1;
const runs = 4;

/** 20 tool steps that touch no SQL (search_schema, describe_table), then the answer. */
function script(): ScriptEntry[] {
  const steps: ScriptEntry[] = [];
  for (let step = 0; step < toolSteps; step++) {
    steps.push(
      step % 2 === 0
        ? { calls: [{ name: 'search_schema', input: { query: 'customer' } }] }
        : { calls: [{ name: 'describe_table', input: { table: 'customers' } }] },
    );
  }
  steps.push({ text: 'There are customers.' });
  return steps;
}

/**
 * A scripted model that notes when each model call starts. The gap between two calls is the time
 * the caller spent on one step: reading the stream, running the tool, (for Querent) storing and
 * emitting the step's messages, and building the next request. The model itself costs nothing.
 */
function timedModel(): { model: ReturnType<typeof scriptedModel>; starts: number[]; load: () => void } {
  let current = scriptedModel([]);
  const starts: number[] = [];
  const model = scriptedModel([]);
  model.doStream = (options: LanguageModelV4CallOptions) => {
    starts.push(performance.now());
    return current.doStream(options);
  };
  return {
    model,
    starts,
    load: () => {
      current = scriptedModel(script());
      starts.length = 0;
    },
  };
}

const gaps = (starts: number[]) => starts.slice(1).map((start, index) => start - (starts[index] ?? start));

async function querentSteps(): Promise<{ perStep: number[]; turns: number[] }> {
  const timed = timedModel();
  const running = await startTestApp(
    { AGENT_MAX_STEPS: String(toolSteps + 5) },
    { languageModel: timed.model },
  );
  const socket = connect(running.baseUrl, { transports: ['polling'], reconnection: false });
  try {
    const demo = await ensureDemoDatabase({
      db: running.built.store.db,
      secrets: running.built.databases.secrets,
      dataDir: running.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
    });
    if (!demo.created) throw new Error('the demo database was not created');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const perStep: number[] = [];
    const turns: number[] = [];
    for (let run = 0; run < warmUps + runs; run++) {
      const created = await fetch(`${running.baseUrl}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contextId: `database-${demo.databaseId}` }),
      });
      if (!created.ok) throw new Error(`creating a conversation failed: ${await created.text()}`);
      const conversationId = ((await created.json()) as { id: string }).id;
      timed.load();
      const done = new Promise<StatusEvent>((resolve) => {
        const onStatus = (event: StatusEvent) => {
          if (event.conversation_id !== conversationId || event.status === 'running') return;
          socket.off('status', onStatus);
          resolve(event);
        };
        socket.on('status', onStatus);
      });
      const started = performance.now();
      socket.emit('ask', conversationId, 'Tell me about customers');
      const end = await done;
      const turn = performance.now() - started;
      if (end.status !== 'clear') throw new Error(`the turn ended with ${JSON.stringify(end)}`);
      if (timed.starts.length !== toolSteps + 1)
        throw new Error(`expected ${toolSteps + 1} model calls, saw ${timed.starts.length}`);
      if (run < warmUps) continue;
      perStep.push(...gaps(timed.starts));
      turns.push(turn);
    }
    return { perStep, turns };
  } finally {
    socket.disconnect();
    await running.stop();
  }
}

/** The same script through bare streamText with do-nothing tools of the same names. */
async function baselineSteps(): Promise<number[]> {
  const timed = timedModel();
  const tools = {
    search_schema: tool({
      description: 'Search the schema.',
      inputSchema: jsonSchema<{ query: string }>({
        type: 'object',
        properties: { query: { type: 'string' } },
      }),
      execute: () => Promise.resolve({ tables: [] }),
    }),
    describe_table: tool({
      description: 'Describe a table.',
      inputSchema: jsonSchema<{ table: string }>({
        type: 'object',
        properties: { table: { type: 'string' } },
      }),
      execute: () => Promise.resolve({ columns: [] }),
    }),
  };
  const perStep: number[] = [];
  for (let run = 0; run < warmUps + runs; run++) {
    timed.load();
    const result = streamText({
      model: timed.model,
      instructions: 'You are an analyst.',
      prompt: 'Tell me about customers',
      tools,
      stopWhen: isStepCount(toolSteps + 5),
    });
    for await (const part of result.stream) if (part.type === 'error') throw part.error;
    if (timed.starts.length !== toolSteps + 1)
      throw new Error(`baseline: expected ${toolSteps + 1} model calls, saw ${timed.starts.length}`);
    if (run >= warmUps) perStep.push(...gaps(timed.starts));
  }
  return perStep;
}

/**
 * What is compared: Querent in process, asked over a real polling socket, with a
 * zero-latency scripted model making 20 tool steps that run no SQL (search_schema and
 * describe_table on the demo database) before it answers; a step's time is the gap between two
 * model calls, so it is all server work: storing the call and its result, emitting them, running
 * the tool, building the next request. The baseline is the same script through bare `streamText`
 * with do-nothing tools of the same names, and no Querent around it: the ratio is our overhead.
 */
export async function benchAgentStep() {
  const querent = await querentSteps();
  const baseline = await baselineSteps();
  const q = median(querent.perStep);
  const b = median(baseline);
  return [
    {
      benchmark: `agent step, scripted model, ${toolSteps} tool steps without SQL (median of ${querent.perStep.length})`,
      querent: `${q.toFixed(2)} ms per step (whole turn ${median(querent.turns).toFixed(0)} ms)`,
      baseline: `${b.toFixed(2)} ms per step (bare streamText, do-nothing tools)`,
      ratio: (q / b).toFixed(1),
      target: 'Querent < 5 ms',
    },
  ];
}

import { relative } from 'node:path';
import { loadLanguageModel } from '../../../apps/server/src/llm/load-language-model.ts';
import { repoRoot } from '../cli-options.ts';
import type { LocalServer, WireReply } from '../wire/local-http.ts';
import { startLocalServer } from '../wire/local-http.ts';
import type { RecordedExchange, Recording } from '../wire/recording.ts';
import { changedParts, fillPlaceholders, fingerprintRequest, readRecording } from '../wire/recording.ts';
import type { ModeSetup } from './mode-setup.ts';

/*
 * Replay: the server talks to its configured provider's real SDK, pointed at a local server that
 * answers each request with the recorded response to it. A request that is not the recorded one
 * (the instructions, the tools or the conversation changed) gets an HTTP error, and the run stops
 * with what changed and the command that records it again.
 */

export interface ReplayFailure extends Error {
  replay: true;
}

function failure(message: string): ReplayFailure {
  return Object.assign(new Error(message), { replay: true as const });
}

export async function replayMode(file: string, setFile: string): Promise<ModeSetup> {
  const recording: Recording = readRecording(file);
  const byCase = new Map<string, RecordedExchange[]>();
  for (const exchange of recording.exchanges)
    byCase.set(exchange.case, [...(byCase.get(exchange.case) ?? []), exchange]);
  const oracle = recording.recordedWith.includes('local oracle') ? ' --local-oracle' : '';
  const rerecord = `npm run eval -- --set ${relative(repoRoot, setFile)} --mode record${oracle} --recording ${relative(repoRoot, file)}`;
  let current = '';
  let step = 0;
  let changed: string | null = null;

  const answer = (path: string, body: string): WireReply => {
    const expected = byCase.get(current)?.[step];
    step += 1;
    const now = fingerprintRequest(body);
    if (expected === undefined)
      changed ??= `case ${current} sent request ${step}, which the recording does not have`;
    else if (expected.path !== path)
      changed ??= `case ${current}, request ${step} went to ${path}, not ${expected.path}`;
    else if (expected.request !== now.request)
      changed ??= `case ${current}, request ${step} changed (${changedParts(expected.parts, now.parts)})`;
    if (changed !== null || expected === undefined) {
      return {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: changed } }),
      };
    }
    const { status, contentType, body: recorded } = expected.response;
    return { status, contentType, body: fillPlaceholders(recorded, now.ids) };
  };

  const server: LocalServer = await startLocalServer((request, body) => answer(request.url ?? '', body));
  return {
    mode: 'replay',
    env: {
      LLM_PROVIDER: recording.provider,
      LLM_MODEL: recording.model,
      LLM_BASE_URL: `${server.url}${recording.basePath}`,
      LLM_API_KEY: 'replay',
      LLM_MAX_RETRIES: '0',
      ...(recording.contextTokens === undefined
        ? {}
        : { LLM_CONTEXT_TOKENS: String(recording.contextTokens) }),
    },
    model: (config) => loadLanguageModel(config.llm),
    needsBrokenSql: false,
    beginCase(context) {
      current = context.id;
      step = 0;
    },
    endCase() {
      const recorded = byCase.get(current)?.length ?? 0;
      if (changed === null && step < recorded)
        changed = `case ${current} made ${step} requests, the recording has ${recorded}`;
      if (changed !== null) throw failure(`Request changed, re-record with: ${rerecord}\n(${changed})`);
    },
    finish: () => server.close(),
  };
}

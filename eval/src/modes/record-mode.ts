import type { IncomingMessage } from 'node:http';
import { relative } from 'node:path';
import { loadConfig } from '../../../apps/server/src/config/load-config.ts';
import { loadLanguageModel } from '../../../apps/server/src/llm/load-language-model.ts';
import { repoRoot } from '../cli-options.ts';
import type { OracleScript } from '../oracle/oracle-step.ts';
import type { LocalServer, WireReply } from '../wire/local-http.ts';
import { startLocalServer } from '../wire/local-http.ts';
import { startOracleServer } from '../wire/oracle-server.ts';
import type { RecordedExchange } from '../wire/recording.ts';
import { fingerprintRequest, placeholdersIn, writeRecording } from '../wire/recording.ts';
import type { ModeSetup } from './mode-setup.ts';
import { modelEnvironment } from './mode-setup.ts';

/*
 * Record: a live run whose provider calls go through a local proxy that forwards them unchanged
 * and writes down each exchange, so replay can play them back. With --local-oracle the provider
 * is the harness's own OpenAI-compatible oracle, for machines with no model to record.
 */

const providerAddresses: Record<string, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

// Hop-by-hop headers, and compression, which would leave the recorded body unreadable.
const dropped = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'transfer-encoding']);

function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!dropped.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

interface Upstream {
  provider: string;
  model: string;
  url: string;
  env: Record<string, string>;
  recordedWith: string;
}

async function upstreamOf(
  env: NodeJS.ProcessEnv,
  localOracle: boolean,
  script: () => OracleScript | null,
  servers: LocalServer[],
): Promise<Upstream> {
  if (localOracle) {
    const oracle = await startOracleServer(script);
    servers.push(oracle);
    // The oracle stands in for a hosted model, with its large window, not a small local one.
    const env = { LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'oracle', LLM_CONTEXT_TOKENS: '100000' };
    const recordedWith =
      "the harness's local oracle (an OpenAI-compatible server answering with the reference SQL)";
    return { provider: 'openai-compatible', model: 'oracle', url: `${oracle.url}/v1`, env, recordedWith };
  }
  const live = modelEnvironment(env);
  const { llm } = loadConfig({ ...live, DATA_DIR: '.' });
  if (llm.provider === 'offline') {
    throw new Error(
      'Record mode records a model: configure one with the LLM_* variables, or use --local-oracle.',
    );
  }
  const url = llm.baseUrl ?? providerAddresses[llm.provider] ?? '';
  return {
    provider: llm.provider,
    model: llm.model,
    url,
    env: live,
    recordedWith: `${llm.provider} ${llm.model}`,
  };
}

export async function recordMode(
  env: NodeJS.ProcessEnv,
  input: { file: string; setFile: string; localOracle: boolean },
): Promise<ModeSetup> {
  const servers: LocalServer[] = [];
  let script: OracleScript | null = null;
  const upstream = await upstreamOf(env, input.localOracle, () => script, servers);
  const target = new URL(upstream.url);
  const basePath = target.pathname.replace(/\/$/, '');
  const exchanges: RecordedExchange[] = [];
  let contextTokens: number | null = null;
  let current = '';
  let step = 0;

  const forward = async (request: IncomingMessage, body: string): Promise<WireReply> => {
    const path = request.url ?? '/';
    const method = request.method ?? 'POST';
    const response = await fetch(`${target.origin}${path}`, {
      method,
      headers: forwardedHeaders(request),
      ...(method === 'GET' ? {} : { body }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? 'application/json';
    const { request: fingerprint, parts, ids } = fingerprintRequest(body);
    exchanges.push({
      case: current,
      step: (step += 1),
      method,
      path,
      request: fingerprint,
      parts,
      response: { status: response.status, contentType, body: placeholdersIn(text, ids) },
    });
    return { status: response.status, contentType, body: text };
  };
  const proxy = await startLocalServer(forward);
  servers.push(proxy);

  return {
    mode: 'record',
    env: { ...upstream.env, LLM_BASE_URL: `${proxy.url}${basePath}` },
    model: (config) => {
      contextTokens = config.llm.contextTokens;
      return loadLanguageModel(config.llm);
    },
    needsBrokenSql: false,
    beginCase(context) {
      current = context.id;
      step = 0;
      script = {
        question: context.question,
        expect: context.expect,
        sql: context.expect === 'answer' ? context.reference : null,
      };
    },
    endCase: () => undefined,
    async finish(completed) {
      for (const server of servers) await server.close();
      if (!completed) return;
      const command = `npm run eval -- --set ${relative(repoRoot, input.setFile)} --mode record${input.localOracle ? ' --local-oracle' : ''}`;
      writeRecording(input.file, {
        provider: upstream.provider,
        model: upstream.model,
        basePath,
        ...(contextTokens === null ? {} : { contextTokens }),
        recordedWith: `${command}, against ${upstream.recordedWith}`,
        exchanges,
      });
    },
  };
}

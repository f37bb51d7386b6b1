import http from 'node:http';
import type { AnyRoute } from '@querent/contracts';
import { apiRoutes, engines } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../src/demo/seeded-random.ts';
import { TEST_USER_HEADER } from '../helpers/api-client.ts';
import type { FuzzRequest } from '../helpers/fuzz-requests.ts';
import { fuzzRequestsFor } from '../helpers/fuzz-requests.ts';
import type { FuzzContext } from '../helpers/fuzz-values.ts';
import type { FuzzWorld, ScratchIds } from '../helpers/fuzz-world.ts';
import { expectNothingLost, startFuzzWorld } from '../helpers/fuzz-world.ts';
import type { HttpAnswer } from '../helpers/raw-http.ts';
import { httpRequest, sendHead, sendRaw } from '../helpers/raw-http.ts';
import { listServedRoutes } from '../helpers/served-routes.ts';

/**
 * Thousands of malformed requests, from a seeded generator (FUZZ_SEED replays a run), to every
 * declared route as the signed-in user and as nobody: no answer may be a 5xx, every refusal has
 * the one error shape, and what was stored before is still there after.
 */
const seed = Number(process.env.FUZZ_SEED ?? 18);
const perRoute = 30;
const perRouteAsNobody = 4;
const declared = Object.entries(apiRoutes) as [string, AnyRoute][];

let world: FuzzWorld;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  world = await startFuzzWorld();
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await world.stop();
});

/** Which scratch object a field or path segment names, so sound requests reach past "not found". */
const scratchKinds: Record<string, keyof ScratchIds> = {
  databases: 'database',
  databaseId: 'database',
  projects: 'project',
  projectId: 'project',
  conversations: 'conversation',
  conversationId: 'conversation',
  query: 'query',
  queryId: 'query',
  charts: 'chart',
  chartId: 'chart',
  memories: 'memory',
  organizations: 'organization',
  organizationId: 'organization',
  users: 'user',
  userId: 'user',
  dashboards: 'dashboard',
  savedQueryId: 'query',
};

function contextFor(random: FuzzContext['random'], mutating: boolean): FuzzContext {
  const { scratch, demoId } = world;
  // The demo is only read: a sound request that changes it would be no bug, but it must stay as it is.
  const kinds = Object.keys(scratch) as (keyof ScratchIds)[];
  const ids = [...kinds.map((kind) => scratch[kind]), ...(mutating ? [] : [demoId])];
  const idOf = (name: string): string => {
    const kind = scratchKinds[name.replace(/\.id$/, '')];
    if (kind === undefined || random.chance(0.3)) return random.pick(ids);
    return kind === 'database' && !mutating && random.chance(0.5) ? demoId : scratch[kind];
  };
  return {
    random,
    breakRate: 0,
    root: {},
    knownValue(field) {
      if (field === 'engine') return random.chance(0.7) ? random.pick(engines) : null;
      if (field === 'contextId') {
        const kind = random.pick(['database', 'project'] as const);
        return random.chance(0.8)
          ? `${kind}-${kind === 'database' ? scratch.database : scratch.project}`
          : null;
      }
      if (field === 'sql' || field === 'query') {
        return random.chance(0.6)
          ? random.pick(['SELECT * FROM t', 'SELECT 1/0', 'SELEC', 'DELETE FROM t'])
          : null;
      }
      return /id$/i.test(field) && random.chance(0.8) ? idOf(field) : null;
    },
  };
}

interface Finding {
  request: string;
  status: number;
  body: string;
}

/** Every way an answer can be wrong for these tests; empty when it is right. */
function judge(route: AnyRoute, answer: HttpAnswer, asNobody: boolean): string | null {
  if (answer.status >= 500) return '5xx';
  // Only an address the router cannot read or match (a parameter over its length) is refused
  // before the caller is known.
  const unrouted = /"message":"(The address is not valid|No route for)/.test(answer.body);
  if (asNobody && route.auth === 'required' && answer.status !== 401 && !unrouted)
    return 'not 401 for nobody';
  if (answer.status >= 400 && route.kind !== 'page') {
    if (!answer.contentType.startsWith('application/json')) return 'refusal not in JSON';
    const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
      return 'refusal not in the one error shape';
    }
  }
  return null;
}

function describeRequest(key: string, request: FuzzRequest): string {
  const body = request.body?.toString('utf8').slice(0, 200) ?? '';
  return `${key} [${request.note}] ${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers)} ${body}`;
}

describe(`malformed requests to every declared route (seed ${seed})`, () => {
  it('are all served: the fuzz reaches every route it lists', () => {
    const served = listServedRoutes(world.running.built.app);
    expect(declared.map(([key]) => key).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('never get a 5xx, and are refused in the one error shape, as the user and as nobody', async () => {
    const random = createSeededRandom(seed);
    const planned: { key: string; route: AnyRoute; request: FuzzRequest; asNobody: boolean }[] = [];
    for (const [key, route] of declared) {
      const mutating = !key.startsWith('GET ');
      for (const request of fuzzRequestsFor(key, route, contextFor(random, mutating), perRoute)) {
        planned.push({ key, route, request, asNobody: false });
      }
      for (const request of fuzzRequestsFor(key, route, contextFor(random, mutating), perRouteAsNobody)) {
        planned.push({ key, route, request, asNobody: true });
      }
    }
    // Deletes and changes spread through the run instead of coming route after route.
    for (let index = planned.length - 1; index > 0; index--) {
      const other = random.int(0, index);
      [planned[index], planned[other]] = [
        planned[other] as (typeof planned)[number],
        planned[index] as (typeof planned)[number],
      ];
    }
    const findings: Finding[] = [];
    for (const { key, route, request, asNobody } of planned) {
      const headers = asNobody
        ? { ...request.headers, [TEST_USER_HEADER]: 'nobody-at-all' }
        : request.headers;
      let answer: HttpAnswer;
      try {
        answer = await httpRequest(world.running.port, { ...request, headers }, { agent });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        findings.push({ request: `no answer: ${describeRequest(key, request)}`, status: 0, body: reason });
        continue;
      }
      const wrong = judge(route, answer, asNobody);
      if (wrong !== null) {
        findings.push({
          request: `${wrong}: ${describeRequest(key, request)}`,
          status: answer.status,
          body: answer.body.slice(0, 300),
        });
      }
    }
    expect(planned.length).toBeGreaterThan(2500);
    expect(findings.slice(0, 20)).toEqual([]);
    expect(world.serverErrors().slice(0, 10)).toEqual([]);
  }, 180_000);

  it('refuses a body announced over any route’s limit with 413, before it is sent', async () => {
    const wrong: string[] = [];
    for (const [key] of declared) {
      const [method = '', path = ''] = key.split(' ');
      const filled = path.replaceAll(/:[A-Za-z]+/g, world.scratch.database);
      const answer = await sendHead(world.running.port, {
        method,
        path: filled,
        headers: {
          'content-type': 'application/json',
          'content-length': String(2 ** 40),
          expect: '100-continue',
        },
      });
      if (answer.statuses.join() !== '413')
        wrong.push(`${key}: ${answer.statuses.join()} ${answer.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers what is not even valid HTTP in the one error shape, or not at all', async () => {
    const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
    const garbage = [
      'GARBAGE\r\n\r\n',
      head(['GET /api/health HTTP/1.1', 'Host: x', 'No colon here']),
      head(['GET /api/health HTTP/9.9', 'Host: x']),
      head(['G@T /api/health HTTP/1.1', 'Host: x']),
      head(['GET /api/health HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`]),
      head(['POST /api/conversations HTTP/1.1', 'Host: x', 'Content-Length: -1']),
      head(['POST /api/conversations HTTP/1.1', 'Host: x', 'Content-Length: abc']),
      head(['POST /api/conversations HTTP/1.1', 'Host: x', 'Content-Length: 2', 'Content-Length: 3']),
      head([
        'POST /api/conversations HTTP/1.1',
        'Host: x',
        'Transfer-Encoding: chunked',
        'Content-Length: 3',
      ]),
      `${head(['POST /api/conversations HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Transfer-Encoding: chunked'])}zz\r\n{}\r\n0\r\n\r\n`,
      head(['GET /api/health\u0000 HTTP/1.1', 'Host: x']),
      head(['GET http://evil.example/api/health HTTP/1.1', 'Host: x']),
      head(['OPTIONS * HTTP/1.1', 'Host: x']),
    ];
    const wrong: string[] = [];
    for (const request of garbage) {
      const heard = await sendRaw(world.running.port, request);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(heard)?.[1] ?? 0);
      const body = heard.slice(heard.indexOf('\r\n\r\n') + 4);
      const shaped = /^\{"error":\{"code":"[A-Z_]+","message":"/.test(body);
      // Silence (the connection simply closed) is an answer too; a 5xx or a stray shape is not.
      if (heard !== '' && (status === 0 || status >= 500 || (status >= 400 && !shaped))) {
        wrong.push(`${JSON.stringify(request.slice(0, 120))}: ${heard.slice(0, 300)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves what was stored before as it was', async () => {
    await expectNothingLost(world);
  });
});

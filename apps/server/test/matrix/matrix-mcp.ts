import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CreatedApiKey } from '@querent/contracts';
import { apiKeyScopes } from '@querent/contracts';
import { afterAll, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/test-app.ts';
import { testPublicUrl } from '../oidc/hosted-deps.ts';
import type { Group } from './matrix-routes.ts';
import { sees } from './matrix-routes.ts';
import type { Browsers, PersonActor, Scenario, ScenarioObjects } from './matrix-world.ts';
import { scenarios } from './matrix-world.ts';

/*
 * The authorization matrix through /mcp: each person who can make an API key (owner, colleague,
 * outsider of another organisation, administrator; a visitor cannot make one) makes a key with
 * every scope, and an MCP client calls every tool on the objects of each situation. A tool about
 * an object answers whoever sees it and "not found" to anyone else, exactly as the REST routes do;
 * the lists hold exactly what each may see. Written by hand from docs/ACCESS.md, like the routes.
 */

/** Each tool about one object: which objects' visibility it follows, and its arguments. */
const objectTools: Record<string, { group: Group; args: (o: ScenarioObjects) => Record<string, unknown> }> = {
  search_schema: { group: 'data', args: (o) => ({ databaseId: o.database, query: 'genre' }) },
  describe_table: { group: 'data', args: (o) => ({ databaseId: o.database, table: 'Genre' }) },
  column_values: {
    group: 'data',
    args: (o) => ({ databaseId: o.database, table: 'Genre', column: 'Name', limit: 3 }),
  },
  list_metrics: { group: 'data', args: (o) => ({ databaseId: o.database }) },
  query_metrics: {
    group: 'data',
    args: (o) => ({ databaseId: o.database, query: { metrics: ['genre_count'] } }),
  },
  run_saved_query: { group: 'owned', args: (o) => ({ queryId: o.query }) },
  run_sql: {
    group: 'data',
    args: (o) => ({ databaseId: o.database, sql: 'SELECT COUNT(*) AS n FROM Genre' }),
  },
  list_issues: { group: 'data', args: (o) => ({ databaseId: o.database }) },
  list_entities: { group: 'data', args: (o) => ({ databaseId: o.database }) },
  ask_analyst: {
    group: 'data',
    args: (o) => ({ databaseId: o.database, question: 'How many genres are there?' }),
  },
};
/** Tools about the person's whole reach, checked by what they list. */
const listingTools = ['list_databases', 'list_saved_queries'];

const keyHolders: PersonActor[] = ['owner', 'colleague', 'outsider', 'admin'];

interface Context {
  running: RunningApp;
  browsers: Browsers;
  world: Record<Scenario, ScenarioObjects>;
}

function answerOf(result: CallToolResult): { ok: boolean; code: string | null; body: unknown } {
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : 'null';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const code = (body as { code?: unknown } | null)?.code;
  return { ok: result.isError !== true, code: typeof code === 'string' ? code : null, body };
}

export function matrixMcp(context: () => Context): void {
  const clients: Client[] = [];
  const keys = {} as Record<PersonActor, CreatedApiKey>;
  const mcp: Partial<Record<PersonActor, Client>> = {};

  async function connect(secret: string): Promise<Client> {
    const client = new Client({ name: 'matrix', version: '1.0.0' });
    const { running } = context();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${running.baseUrl}/mcp`), {
        // The app sits behind a proxy naming PUBLIC_URL's host, as the DNS-rebinding guard wants.
        requestInit: {
          headers: { 'x-forwarded-host': new URL(testPublicUrl).host, authorization: `Bearer ${secret}` },
        },
      }),
    );
    clients.push(client);
    return client;
  }

  async function clientOf(actor: PersonActor): Promise<Client> {
    const made = mcp[actor];
    if (made) return made;
    const response = await context().browsers[actor].request('/api/api-keys', {
      method: 'POST',
      body: { name: `Matrix ${actor}`, scopes: [...apiKeyScopes], expires_at: null },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    keys[actor] = (await response.json()) as CreatedApiKey;
    const client = await connect(keys[actor].secret);
    mcp[actor] = client;
    return client;
  }

  afterAll(async () => {
    for (const client of clients) await client.close();
  });

  it('has an entry for every tool the server offers a key with every scope', async () => {
    const { tools } = await (await clientOf('owner')).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [...Object.keys(objectTools), ...listingTools].sort(),
    );
  });

  it('answers every tool, person and situation as the access rules say: the object, or not found', async () => {
    const { world } = context();
    const wrong: string[] = [];
    for (const actor of keyHolders) {
      const client = await clientOf(actor);
      for (const scenario of scenarios) {
        for (const [name, tool] of Object.entries(objectTools)) {
          const sees_ = sees[tool.group][scenario].includes(actor);
          const got = answerOf(
            (await client.callTool({ name, arguments: tool.args(world[scenario]) })) as CallToolResult,
          );
          const expected = sees_ ? 'answer' : 'NOT_FOUND';
          const said = got.ok ? 'answer' : (got.code ?? 'error');
          if (said !== expected)
            wrong.push(
              `${scenario} ${actor} ${name}: expected ${expected}, got ${JSON.stringify(got.body).slice(0, 200)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lists to each person exactly the databases, projects and saved queries they may see', async () => {
    const { world } = context();
    const wrong: string[] = [];
    for (const actor of keyHolders) {
      const client = await clientOf(actor);
      const listed = answerOf(
        (await client.callTool({ name: 'list_databases', arguments: {} })) as CallToolResult,
      ).body as { databases: { id: string }[]; projects: { id: string }[] };
      const saved = answerOf(
        (await client.callTool({ name: 'list_saved_queries', arguments: {} })) as CallToolResult,
      ).body as { queries: { id: string }[] };
      const databaseIds = new Set(listed.databases.map((each) => each.id));
      const projectIds = new Set(listed.projects.map((each) => each.id));
      const queryIds = new Set(saved.queries.map((each) => each.id));
      for (const scenario of scenarios) {
        const o = world[scenario];
        const seesData = sees.data[scenario].includes(actor);
        const seesOwned = sees.owned[scenario].includes(actor);
        if (databaseIds.has(o.database) !== seesData) wrong.push(`${scenario} ${actor} database`);
        if (projectIds.has(o.project) !== seesData) wrong.push(`${scenario} ${actor} project`);
        if (queryIds.has(o.query) !== seesOwned) wrong.push(`${scenario} ${actor} saved query`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows whoever sees a database its entity, scores and issues through the table card and lists', async () => {
    const { world } = context();
    for (const actor of keyHolders) {
      const client = await clientOf(actor);
      for (const scenario of scenarios) {
        const o = world[scenario];
        if (!sees.data[scenario].includes(actor)) continue;
        const call = async (name: string, args: Record<string, unknown>) =>
          answerOf((await client.callTool({ name, arguments: args })) as CallToolResult).body;
        const described = (await call('describe_table', { databaseId: o.database, table: 'Genre' })) as {
          businessEntity: { name: string; openIssues: string[] } | null;
        };
        // The REST matrix seeds more Genre entities on a database for the routes that delete one.
        expect(described.businessEntity, `${scenario} ${actor}`).toMatchObject({ name: 'Genre' });
        expect(described.businessEntity?.openIssues, `${scenario} ${actor}`).toContain('Odd genres');
        const entities = (await call('list_entities', { databaseId: o.database })) as {
          entities: { id: string }[];
        };
        expect(
          entities.entities.map((entity) => entity.id),
          `${scenario} ${actor}`,
        ).toContain(o.entity);
        const issues = (await call('list_issues', { databaseId: o.database })) as {
          issues: { id: string }[];
        };
        expect(
          issues.issues.map((issue) => issue.id),
          `${scenario} ${actor}`,
        ).toContain(o.issue);
      }
    }
  });

  it('refuses a revoked key at its next request', async () => {
    const client = await clientOf('colleague');
    const revoked = await context().browsers.colleague.request(`/api/api-keys/${keys.colleague.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    await expect(client.callTool({ name: 'list_databases', arguments: {} })).rejects.toSatisfy(
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 401,
    );
  });
}

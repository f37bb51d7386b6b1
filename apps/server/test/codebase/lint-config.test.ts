import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface Probe {
  /** Where the probe would sit, from the repository's root; no file is written. */
  file: string;
  code: string;
  /** Errors a refused probe must get; one per import when absent. */
  errors?: number;
}

interface RuleCase {
  rule: string;
  /** What the message tells the author to do instead. */
  hint: RegExp;
  /** What the rule must refuse: imports, one error each, or the errors a probe names. */
  refused: Probe[];
  /** The same shape, allowed. */
  allowed: Probe[];
}

const probe = (file: string, code: string, errors?: number): Probe => ({
  file,
  code,
  ...(errors === undefined ? {} : { errors }),
});

/** Role and owner comparisons, written every way the access rule knows: seven of them. */
const accessDecisions = [
  'interface Person { id: string; role: string }',
  'export function probe(user: Person, account: { userId: string }, database: { ownerId: string }, needed: string) {',
  "  if (user.role !== 'admin' && account.userId !== user.id) return 1;",
  '  if (user.role === needed) return 2;',
  "  if ('anonymous' == user.role) return 3;",
  '  if (database.ownerId === user.id) return 4;',
  "  if (['admin', 'member'].includes(user.role)) return 5;",
  '  switch (user.role) {',
  "    case 'member':",
  '      return 6;',
  '    default:',
  '      return 7;',
  '  }',
  '}',
  '',
].join('\n');

const cases: RuleCase[] = [
  {
    rule: 'querent/no-foreign-repository',
    hint: /call one of its use cases instead/,
    refused: [
      probe(
        'apps/server/src/modules/charts/probe.lint-probe.ts',
        "import { findUserById } from '../users/users.repo.ts';\nexport const probe = findUserById;\n",
      ),
      probe(
        'apps/server/src/auth/probe.lint-probe.ts',
        "import type { NewUser } from '../modules/users/users.repo.ts';\nexport type Probe = NewUser;\n",
      ),
      probe(
        'apps/server/src/modules/users/probe.lint-probe.ts',
        "import { findSession } from '../../auth/sessions/sessions.repo.ts';\nexport const probe = findSession;\n",
      ),
    ],
    allowed: [
      probe(
        'apps/server/src/modules/charts/probe.lint-probe.ts',
        "import { findUser } from '../users/find-user.ts';\nexport const probe = findUser;\n",
      ),
      probe(
        'apps/server/src/modules/charts/probe.lint-probe.ts',
        "import { findChartById } from './charts.repo.ts';\nexport const probe = findChartById;\n",
      ),
      probe(
        'apps/server/src/auth/oidc/probe.lint-probe.ts',
        "import { findSession } from '../sessions/sessions.repo.ts';\nexport const probe = findSession;\n",
      ),
      // Test suites seed the store through repositories.
      probe(
        'apps/server/test/probe.lint-probe.ts',
        "import { insertUser } from '../src/modules/users/users.repo.ts';\nexport const probe = insertUser;\n",
      ),
    ],
  },
  {
    rule: 'querent/private-prepare-run',
    hint: /through runSql or streamSql/,
    refused: [
      probe(
        'apps/server/src/modules/queries/probe.lint-probe.ts',
        "import { prepareRun } from '../sql-runs/prepare-run.ts';\nexport const probe = prepareRun;\n",
      ),
    ],
    allowed: [
      probe(
        'apps/server/src/modules/queries/probe.lint-probe.ts',
        "import { runSql } from '../sql-runs/run-sql.ts';\nexport const probe = runSql;\n",
      ),
      probe(
        'apps/server/src/modules/sql-runs/probe.lint-probe.ts',
        "import { prepareRun } from './prepare-run.ts';\nexport const probe = prepareRun;\n",
      ),
    ],
  },
  {
    rule: 'querent/agent-port-only',
    hint: /add what it needs to the AgentPort/,
    refused: [
      probe(
        'apps/server/src/agent/probe.lint-probe.ts',
        [
          "import type { StoreDb } from '../store/connect.ts';",
          "import { sql } from 'kysely';",
          "import { saveMemory } from '../modules/conversations/save-memory.ts';",
          "import type { SessionRecord } from '../auth/sessions/sessions.repo.ts';",
          'export type Probe = [StoreDb, SessionRecord, typeof sql, typeof saveMemory];',
          '',
        ].join('\n'),
      ),
      probe(
        'apps/server/src/agent/tools/probe.lint-probe.ts',
        "export const probe = () => import('../../modules/conversations/save-memory.ts');\n",
      ),
    ],
    allowed: [
      probe(
        'apps/server/src/agent/tools/probe.lint-probe.ts',
        [
          "import type { AgentPort } from '../agent-port.ts';",
          "import { classifyStatement } from '../../connectors/index.ts';",
          'export type Probe = [AgentPort, typeof classifyStatement];',
          '',
        ].join('\n'),
      ),
    ],
  },
  {
    rule: 'querent/connectors-stand-alone',
    hint: /it is given what it needs/,
    refused: [
      probe(
        'apps/server/src/connectors/postgres/probe.lint-probe.ts',
        [
          "import type { StoreDb } from '../../store/connect.ts';",
          "import type { DatabaseRecord } from '../../modules/databases/database-record.ts';",
          "import type { AgentPort } from '../../agent/agent-port.ts';",
          "import type { QuerentServer } from '../../realtime/socket-types.ts';",
          "import type { ZodApp } from '../../http/zod-app.ts';",
          "import type { AuthResolver } from '../../auth/resolve-user.ts';",
          "import type { Kysely } from 'kysely';",
          'export type Probe = [StoreDb, DatabaseRecord, AgentPort, QuerentServer, ZodApp, AuthResolver, Kysely<never>];',
          '',
        ].join('\n'),
      ),
    ],
    allowed: [
      probe(
        'apps/server/src/connectors/postgres/probe.lint-probe.ts',
        [
          "import { loadOnce } from '../../load-once.ts';",
          "import type { Connector } from '../connector.ts';",
          'export type Probe = [typeof loadOnce, Connector];',
          '',
        ].join('\n'),
      ),
    ],
  },
  {
    rule: 'querent/access-through-policy',
    hint: /Ask the policy \(modules\/access/,
    refused: [
      probe('apps/server/src/modules/credits/probe.lint-probe.ts', accessDecisions, 7),
      probe('apps/server/src/auth/probe.lint-probe.ts', accessDecisions, 7),
    ],
    allowed: [
      // The policy itself compares roles and owners: that is its job.
      probe('apps/server/src/modules/access/probe.lint-probe.ts', accessDecisions),
      // Tests compare as they need.
      probe('apps/server/test/probe.lint-probe.ts', accessDecisions),
      // A message's role is no person's; asking whether a value is there decides nothing.
      probe(
        'apps/server/src/modules/conversations/probe.lint-probe.ts',
        [
          'export function probe(',
          '  message: { role: string },',
          '  changes: { role?: string },',
          '  revoke: { userId?: string },',
          ') {',
          "  return message.role === 'function' || changes.role === undefined || revoke.userId !== undefined;",
          '}',
          '',
        ].join('\n'),
      ),
    ],
  },
  {
    rule: 'querent/web-contracts-only',
    hint: /packages\/contracts|import type/,
    refused: [
      probe(
        'apps/web/src/features/probe.lint-probe.ts',
        [
          "import { z } from 'zod';",
          "import type { EvalCase } from '@querent/server';",
          "import type { BuiltApp } from '../../../server/src/app.ts';",
          "import { engines } from '../../../../packages/contracts/src/engines/index.ts';",
          'export type Probe = [typeof z, EvalCase, BuiltApp, typeof engines];',
          '',
        ].join('\n'),
      ),
    ],
    allowed: [
      probe(
        'apps/web/src/features/probe.lint-probe.ts',
        [
          "import type { Database } from '@querent/contracts';",
          "import { engines } from '@querent/contracts';",
          "import { useQuery } from '@tanstack/react-query';",
          "import { createApi } from '../api/create-api.ts';",
          'export type Probe = [Database, typeof engines, typeof useQuery, typeof createApi];',
          '',
        ].join('\n'),
      ),
    ],
  },
];

function countImports(code: string): number {
  return (code.match(/^import |import\(/gm) ?? []).length;
}

describe('the lint rules that keep the boundaries and the one home of access rules', () => {
  let eslint: ESLint;

  beforeAll(() => {
    // The project's own configuration; only type information is off for the probes, which exist
    // in no tsconfig because they are never written to disk. The rules read paths and syntax only.
    eslint = new ESLint({
      cwd: repoRoot,
      overrideConfig: { files: ['**/*.lint-probe.ts'], ...tseslint.configs.disableTypeChecked },
    });
  });

  async function lint(input: Probe): Promise<ESLint.LintResult> {
    const [result] = await eslint.lintText(input.code, { filePath: path.join(repoRoot, input.file) });
    if (!result) throw new Error(`No lint result for ${input.file}`);
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    return result;
  }

  for (const { rule, hint, refused, allowed } of cases) {
    it(`${rule} refuses what crosses its boundary and names what to do instead`, async () => {
      for (const input of refused) {
        const errors = (await lint(input)).messages.filter((message) => message.ruleId === rule);
        expect(errors.map((error) => error.line)).toHaveLength(input.errors ?? countImports(input.code));
        for (const error of errors) {
          expect(error.severity).toBe(2);
          expect(error.message).toMatch(hint);
        }
      }
    });

    it(`${rule} lets the legal import of the same shape through`, async () => {
      for (const input of allowed) {
        const result = await lint(input);
        expect(result.messages.filter((message) => message.ruleId === rule)).toEqual([]);
      }
    });
  }
});

import { autoScanPrompt } from '@querent/contracts';
import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevDatabase } from '../fixtures/dev-domains/domain.ts';
import { devDatabases, domainSql } from '../fixtures/dev-domains/domain.ts';
import { devDomains } from '../fixtures/dev-domains/index.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { Verdict } from '../helpers/answer-verdict.ts';
import { verdictOf } from '../helpers/answer-verdict.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase } from '../helpers/factories.ts';
import { askOnce } from '../helpers/offline-chat.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * The offline analyst's development sets: our own domains (people, logistics, subscriptions, a
 * school, a library, a storefront) in naming styles it was not written against, each connected
 * as a new user would and asked plain business questions through the socket, with no hand edits
 * to the semantic model: once as proposed from the schema alone, once after one unattended Scan
 * auto (whose proposal carries the values its profiles found). Answers are compared as data with reference
 * SQL on the same file. Nothing may be confidently wrong; what the database cannot answer must be
 * declined; and each set keeps an accuracy floor, so a later change cannot quietly lose ground.
 */

/**
 * Right answers each set keeps at least (of its answerable questions), by domain and style; the
 * same with and without Scan auto. Raise them when the analyst gets better, never lower them.
 */
const floors: Record<string, number> = {
  'people: UPPER_SNAKE with abbreviations, no declared keys': 13,
  'people: PascalCase with spaces, declared keys': 13,
  'logistics: single-letter prefixes and key suffixes, no declared keys': 14,
  'logistics: UPPER_SNAKE with _TMS, _KG, _AMT, _CD, declared keys': 14,
  'subscriptions: _nm, _dt, _tms, _amt, _cd suffixes, no declared keys': 13,
  'school: camelCase, declared keys': 12,
  'library: Title Case names with spaces, no declared keys': 13,
  'storefront: UPPER_SNAKE with QTY and _AMT, declared keys': 16,
  'travel: snake_case, one table referred to twice, declared keys': 4,
  'travel: UPPER_SNAKE, one table referred to twice, no declared keys': 4,
};

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let fixtures: Awaited<ReturnType<typeof devDatabases>>;
const databaseIds = new Map<string, string>();

beforeAll(async () => {
  fixtures = await devDatabases(devDomains);
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  client = await connectChat(running.baseUrl);
  for (const entry of fixtures.databases) {
    for (const scanned of [false, true]) {
      const created = await addDatabase(api, {
        name: entry.style.name,
        engine: 'sqlite',
        details: { filename: entry.filename },
      });
      // One unattended Scan auto: its proposal, with the values its profiles found, is the model.
      if (scanned) await askOnce(api, client, created.id, autoScanPrompt);
      databaseIds.set(setName(entry.style.name, scanned), created.id);
    }
  }
});

const setName = (style: string, scanned: boolean) =>
  scanned ? `${style}, after Scan auto` : `${style}, schema only`;

afterAll(async () => {
  client.close();
  await running.stop();
  await fixtures.remove();
});

const styleNames = devDomains.flatMap((domain) =>
  domain.styles.flatMap((style) => [setName(style.name, false), setName(style.name, true)]),
);

async function ask(entry: DevDatabase, databaseId: string) {
  const truth = new Database3(entry.filename, { readonly: true });
  const verdicts: { question: string; verdict: Verdict; answer: string }[] = [];
  try {
    for (const item of entry.domain.cases) {
      const reference =
        item.sql === null
          ? null
          : (truth
              .prepare(domainSql(entry.domain, entry.style, item.sql))
              .raw()
              .all() as unknown[][]);
      const asked = await askOnce(api, client, databaseId, item.question);
      verdicts.push({ question: item.question, verdict: verdictOf(asked, reference), answer: asked.answer });
    }
  } finally {
    truth.close();
  }
  return verdicts;
}

describe.each(styleNames)('the offline analyst on %s', (styleName) => {
  it('is never confidently wrong, declines what it cannot answer, and keeps its floor', async () => {
    const entry = fixtures.databases.find((candidate) => styleName.startsWith(`${candidate.style.name},`));
    const databaseId = databaseIds.get(styleName);
    if (!entry || !databaseId) throw new Error(`no database ${styleName}`);
    const verdicts = await ask(entry, databaseId);
    const count = (verdict: Verdict) => verdicts.filter((item) => item.verdict === verdict).length;
    const answerable = entry.domain.cases.filter((item) => item.sql !== null).length;
    // The dev accuracy of this set, for the record of a run.
    console.log(
      `${styleName}: ${count('right')} right, ${count('refused')} refused, ${count('wrong')} wrong of ${verdicts.length} (${answerable} answerable)\n${verdicts
        .filter((item) => item.verdict !== 'right')
        .map(
          (item) => `  ${item.verdict}: ${item.question}${process.env.DEV_VERBOSE ? `\n${item.answer}` : ''}`,
        )
        .join('\n')}`,
    );
    const wrong = verdicts.filter((item) => item.verdict === 'wrong');
    expect(wrong.map((item) => `${item.question}\n${item.answer}`)).toEqual([]);
    const floor = floors[entry.style.name];
    expect(floor, `a floor for ${entry.style.name}`).toBeDefined();
    expect(count('right'), `${styleName} floor`).toBeGreaterThanOrEqual(floor ?? 0);
  });
});

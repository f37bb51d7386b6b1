import type { BusinessEntity, EntityDetail, Issue, QualityProgressEvent } from '@querent/contracts';
import { analysisPrompt, autoScanPrompt } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../../src/auth/local-admin.ts';
import { insertEntity } from '../../../src/modules/business-entities/business-entities.repo.ts';
import { listChecksOfEntity } from '../../../src/modules/quality/checks/checks.repo.ts';
import { findRunsById } from '../../../src/modules/quality/runs/check-runs.repo.ts';
import { computeQualityScore } from '../../../src/modules/quality/scores/quality-score.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import type { ChatClient } from '../../helpers/chat-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDemoDatabase } from '../../helpers/factories.ts';
import { askOnce, expectOfflineFooter } from '../../helpers/offline-chat.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Scan auto, Start Analysis and "that is expected" on the generated Demo shop with no model: the
 * offline analyst runs the deterministic scan through the same tools a model uses, and the scores
 * are the ones the demo's planted flaws call for, computed here by hand:
 * - Customer: completeness (6 NOT NULL high passes, weight 4 each, + email 96.6% filled, low warn
 *   0.5) = 24.5 / 25 = 98; uniqueness (customer_id critical pass 8 + email medium warn 2 × 0.5) =
 *   9 / 10 = 90; validity (country_code low warn, 29 typed codes) = 50; consistency 100; volume
 *   100 → (98 + 90 + 50 + 100 + 100) / 5 = 87.6 → 88.
 * - Order: validity (status pass + shipping_country_code warn, both low) = 75, four others 100 → 95.
 * - Category, Order line, Product: nothing planted → 100.
 * Completeness (how well defined): no definitions nor column descriptions in the demo, keys
 * unique, required columns checked, foreign keys checked, freshness only proposed (the data ends in
 * 2024): Category 3/5 = 60, Customer 3/6 = 50, Order 4/7 = 57, Order line and Product 4/6 = 67.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let demoId: string;

beforeAll(async () => {
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  demoId = await addDemoDatabase(running);
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
});

const entities = async () =>
  (await api.get<BusinessEntity[]>(`/api/business-entities?contextId=database-${demoId}`)).body;
const issues = async () => (await api.get<Issue[]>(`/api/issues?contextId=database-${demoId}`)).body;
const detailOf = async (id: string) => (await api.get<EntityDetail>(`/api/business-entities/${id}`)).body;

describe('data quality on the Demo shop with the offline analyst', () => {
  let scanConversation: string;

  it('Scan auto makes the entities, runs their checks and scores them as the planted flaws call for', async () => {
    const asked = await askOnce(api, client, demoId, autoScanPrompt);
    expect(asked.steps).toEqual(['scan_database']);
    expectOfflineFooter(asked.answer);
    expect(asked.answer).toContain('| Customer | customers | 88 | 50 | 12 checks, 5 of 6 dimensions |');
    scanConversation = asked.messages[0]?.conversationId ?? '';

    const listed = await entities();
    expect(listed.map((entity) => [entity.name, entity.quality_score, entity.completeness])).toEqual([
      ['Category', 100, 60],
      ['Customer', 88, 50],
      ['Order', 95, 57],
      ['Order line', 100, 67],
      ['Product', 100, 67],
    ]);
    for (const entity of listed) {
      expect(entity.review_date).not.toBeNull();
      // The conversation that scanned is where each entity is reviewed.
      expect(entity.review_conversation_id).toBe(scanConversation);
    }
    // Equally severe: the largest finding of the run first (3.38%, 0.83%, 0.58% of rows).
    expect(listed.find((entity) => entity.name === 'Customer')?.issues).toEqual([
      { title: 'Missing email in customers' },
      { title: 'Duplicate email in customers' },
      { title: 'Unexpected country_code values in customers' },
    ]);

    const progress = client.all<QualityProgressEvent>('quality-progress');
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.every((event) => event.conversationId === scanConversation)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: 5, total: 5 });
  });

  it('opens one issue per finding with its evidence: the SQL of the failing rows and a few of them', async () => {
    const found = await issues();
    expect(
      found.map((issue) => [issue.title, issue.severity, issue.origin, issue.occurrences]).sort(),
    ).toEqual([
      ['Duplicate email in customers', 'low', 'check', 1],
      ['Missing email in customers', 'low', 'check', 1],
      ['Unexpected country_code values in customers', 'low', 'check', 1],
      ['Unexpected shipping_country_code values in orders', 'low', 'check', 1],
    ]);
    const missing = found.find((issue) => issue.title === 'Missing email in customers');
    expect(missing?.observed).toBe('169 of 5,000 rows (3.38%) have no email');
    expect(missing?.evidence?.sql).toBe(
      "SELECT t.customer_id, t.email FROM customers t WHERE t.email IS NULL OR TRIM(t.email) = ''",
    );
    expect(missing?.evidence?.rows).toHaveLength(5);
    const duplicates = found.find((issue) => issue.title === 'Duplicate email in customers');
    expect(duplicates?.observed).toBe("40 of 4,831 rows (0.83%) repeat another row's email");
    expect(duplicates?.evidence?.columns).toEqual(['email', 'occurrences']);
    expect(duplicates?.evidence?.rows[0]?.[1]).toBe(2);
    const codes = found.find((issue) => issue.title === 'Unexpected country_code values in customers');
    expect(codes?.observed).toBe('29 of 5,000 rows (0.58%) have a country_code that is not accepted');
    const typed = new Set(codes?.evidence?.rows.map((row) => String(row[1]).trim()));
    for (const code of typed) expect(['UK', 'USA', 'fr', 'Deutschland', 'XX', 'U.S.', 'gb']).toContain(code);
  });

  it('shows each score with its arithmetic and coverage, and can compute it again from the stored runs', async () => {
    const customer = (await entities()).find((entity) => entity.name === 'Customer');
    if (!customer) throw new Error('no Customer');
    const detail = await detailOf(customer.id);
    expect(detail.score?.quality.arithmetic).toBe(
      '(Completeness 98 + Uniqueness 90 + Validity 50 + Consistency 100 + Volume 100) / 5 = 87.6',
    );
    expect(detail.score?.coverage.text).toBe('12 checks, 5 of 6 dimensions');
    expect(detail.score?.completeness.items.map((item) => [item.item, item.value])).toEqual([
      ['definition', 0],
      ['table', 1],
      ['key', 1],
      ['descriptions', 0],
      ['required', 1],
      ['relationships', null],
      ['freshness', 0],
    ]);
    const proposed = detail.checks.filter((check) => check.state === 'proposed');
    expect(proposed.map((check) => check.definition.kind)).toEqual(['freshness']);

    // Recomputed from the runs the score names, with the checks as they are: the same score.
    const runs = await findRunsById(running.built.store.db, detail.score?.run_ids ?? []);
    const status = new Map(runs.map((run) => [run.checkId, run.status]));
    const checks = await listChecksOfEntity(running.built.store.db, customer.id);
    const again = computeQualityScore(
      checks.map((check) => ({
        checkId: check.id,
        title: check.title,
        dimension: check.dimension,
        severity: check.severity,
        state: check.state,
        status: status.get(check.id) ?? null,
      })),
    );
    expect(again.score).toBe(detail.score?.quality.score);
  });

  it('scanning again adds no entity, check or issue: the issues are seen again', async () => {
    const before = await entities();
    const checksBefore = (await Promise.all(before.map((entity) => detailOf(entity.id)))).flatMap(
      (detail) => detail.checks,
    );
    const asked = await askOnce(api, client, demoId, autoScanPrompt);
    expect(asked.answer).toContain('0 new checks');
    const after = await entities();
    expect(after.map((entity) => entity.id)).toEqual(before.map((entity) => entity.id));
    const checksAfter = (await Promise.all(after.map((entity) => detailOf(entity.id)))).flatMap(
      (detail) => detail.checks,
    );
    expect(checksAfter.map((check) => check.id).sort()).toEqual(checksBefore.map((check) => check.id).sort());
    const found = await issues();
    expect(found).toHaveLength(4);
    expect(found.every((issue) => issue.occurrences === 2)).toBe(true);
  });

  it('Start Analysis analyses an entity not scanned yet and updates its card in place', async () => {
    const seeded = await insertEntity(running.built.store.db, {
      databaseId: demoId,
      name: 'Order item',
      definition: 'One product on an order, with its quantity and price',
      table: { schema: 'main', name: 'order_lines' },
      tableRef: 'order_lines',
      keyColumns: [],
      origin: 'user',
    });
    expect((await entities()).find((entity) => entity.id === seeded.id)?.review_date).toBeNull();
    const asked = await askOnce(api, client, demoId, analysisPrompt('Order item'));
    expect(asked.steps).toEqual(['analyze_entity']);
    expect(asked.answer).toContain('**Order item** (order_lines): quality **100**');
    const card = (await entities()).find((entity) => entity.id === seeded.id);
    // A definition written by a person counts: 5 of 6 items.
    expect(card).toMatchObject({ quality_score: 100, completeness: 83 });
    expect(card?.review_conversation_id).toBe(asked.messages[0]?.conversationId);
    expect((await entities()).filter((entity) => entity.name === 'Order item')).toHaveLength(1);
  });

  it('"that is expected" mutes the check behind a finding, with who and why', async () => {
    const analysed = await askOnce(api, client, demoId, analysisPrompt('Customer'));
    expect(analysed.answer).toContain('Missing email in customers');
    const conversationId = analysed.messages[0]?.conversationId ?? '';
    // Each question in the same conversation waits for its own turn's end.
    const askHere = async (text: string) => {
      const cleared = () =>
        client
          .all<{ conversation_id: string; status: string }>('status')
          .filter((event) => event.conversation_id === conversationId && event.status === 'clear').length;
      const before = cleared();
      client.socket.emit('ask', conversationId, text);
      await expect.poll(cleared, { timeout: 30_000 }).toBe(before + 1);
    };
    // Three findings were reported: "that" is ambiguous, so the analyst asks which.
    await askHere('That is expected.');
    const named = 'Missing email in customers is expected: guests check out without an email';
    await askHere(named);
    const messages = (
      await api.get<{ messages: { content: string | null }[] }>(`/api/conversations/${conversationId}`)
    ).body.messages;
    expect(messages.map((message) => message.content ?? '').join('\n')).toContain('Which one?');
    expect(messages.at(-1)?.content).toContain('Muted the check **email is always filled**');

    const missing = (await issues()).find((issue) => issue.title === 'Missing email in customers');
    expect(missing).toMatchObject({ status: 'dismissed', dismissed_reason: named });
    const customer = (await entities()).find((entity) => entity.name === 'Customer');
    const detail = await detailOf(customer?.id ?? '');
    const muted = detail.checks.find((check) => check.title === 'email is always filled');
    expect(muted).toMatchObject({ state: 'muted', muted: { reason: named, by: LOCAL_ADMIN_ID } });
    // Without the muted warning, completeness is 24 / 24: (100 + 90 + 50 + 100 + 100) / 5 = 88.
    expect(detail.score?.quality.score).toBe(88);
  });
});

import type { SemanticModelHistory, SemanticModelState } from '@querent/contracts';
import { autoScanPrompt } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSemanticModel } from '../../../src/modules/semantic-models/current-semantic-model.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import type { ChatClient } from '../../helpers/chat-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { addDemoDatabase } from '../../helpers/factories.ts';
import { askOnce } from '../../helpers/offline-chat.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Scan auto on the generated Demo shop with the offline analyst also proposes the semantic model,
 * from the profiles the scan measured, and keeps it pending: the saved model is never overwritten.
 * The analyst's model (currentSemanticModel) is the saved one, else the pending proposal.
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

const path = () => `/api/databases/${demoId}/semantic-model`;
const state = async () => (await api.get<SemanticModelState>(path())).body;
const current = () => currentSemanticModel({ db: running.built.store.db }, demoId);

describe('Scan auto and the semantic model', () => {
  it('leaves a proposal, the one a person’s request makes from the same profiles', async () => {
    expect(await current()).toBeNull();
    const asked = await askOnce(api, client, demoId, autoScanPrompt);
    expect(asked.steps).toEqual(['scan_database']);

    const scanned = await state();
    expect(scanned).toMatchObject({ model: null, version: 0 });
    expect(scanned.proposal).toMatchObject({ source: 'scan', proposedBy: 'Local Administrator' });
    expect(scanned.proposal?.model.datasets.map((dataset) => dataset.name)).toEqual([
      'category',
      'customer',
      'order_line',
      'order',
      'product',
    ]);
    // With no saved model, the analyst answers from the proposal.
    expect(await current()).toEqual({ model: scanned.proposal?.model, source: 'proposal', version: 0 });

    const requested = (await api.post<SemanticModelState>(`${path()}/proposal`, undefined)).body;
    expect(requested.proposal?.source).toBe('person');
    expect(requested.proposal?.model).toEqual(scanned.proposal?.model);
  });

  it('never overwrites the saved model: the next scan’s proposal waits beside it', async () => {
    const accepted = await api.post<SemanticModelState>(`${path()}/proposal/accept`, { version: 0 });
    expect(accepted.status, accepted.text).toBe(200);
    const saved = accepted.body;
    const trimmed = { ...saved.model, metrics: saved.model?.metrics.slice(0, 2) ?? [] };
    const edited = (await api.put<SemanticModelState>(path(), { model: trimmed, version: saved.version }))
      .body;
    expect(edited.version).toBe(2);

    await askOnce(api, client, demoId, autoScanPrompt);
    const after = await state();
    expect(after.model).toEqual(edited.model);
    expect(after.version).toBe(2);
    expect(after.proposal?.source).toBe('scan');
    expect(after.proposal?.model.metrics.length).toBeGreaterThan(2);
    expect((await api.get<SemanticModelHistory>(`${path()}/history`)).body.changes).toHaveLength(2);
    expect(await current()).toEqual({ model: edited.model, source: 'saved', version: 2 });
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntityDetail, QualityCheck } from '../src/api/types.ts';
import { useContextStore } from '../src/stores/context-store.ts';
import { useNotificationsStore } from '../src/stores/notifications-store.ts';
import { abilitiesFor, makeEntity, stubSession, makeDatabase } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/*
 * The control page's data-quality side: a score nobody computed reads "Not assessed", an entity's
 * checks and the arithmetic of its scores open beside the cards, a person accepts, mutes (with a
 * reason) and runs checks there, schedules the database's runs, and a scan's progress shows as a
 * notification while the cards refresh by themselves.
 */

function makeCheck(overrides: Partial<QualityCheck> = {}): QualityCheck {
  return {
    id: 'k1',
    entity_id: 'e1',
    title: 'email is always filled',
    table: { schema: 'main', name: 'customers' },
    definition: { kind: 'completeness', columns: ['email'], params: { blank_is_missing: true } },
    dimension: 'completeness',
    severity: 'low',
    warn_percent: 0,
    fail_percent: 10,
    origin: 'scan',
    state: 'active',
    fingerprint: 'f1',
    muted: null,
    latest_run: {
      id: 'r1',
      status: 'warn',
      failing_count: 169,
      total_count: 5000,
      failing_percent: 3.38,
      observed: '169 of 5,000 rows (3.38%) have no email',
      message: null,
      sql: 'SELECT COUNT(*) FROM customers t',
      sample: {
        sql: 'SELECT t.customer_id, t.email FROM customers t WHERE t.email IS NULL',
        columns: [],
        rows: [],
      },
      ran_at: '2026-03-01T10:00:00.000Z',
      duration_ms: 12,
    },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const customer = makeEntity({
  id: 'e1',
  name: 'Customer',
  table_ref: 'customers',
  review_date: '2026-03-01T10:00:00.000Z',
  completeness: 50,
  quality_score: 88,
  issues: [{ title: 'Missing email in customers' }],
});
const fresh = makeEntity({
  id: 'e2',
  name: 'Shopper',
  review_date: '2026-03-01T10:00:00.000Z',
  quality_score: null,
  completeness: 17,
});

const detail: EntityDetail = {
  entity: customer,
  database_id: 'd1',
  table: { schema: 'main', name: 'customers' },
  key_columns: ['customer_id'],
  origin: 'scan',
  editable: true,
  abilities: abilitiesFor('run', 'edit'),
  checks: [
    makeCheck(),
    makeCheck({
      id: 'k2',
      title: 'signup_date is at most 1 day old',
      definition: { kind: 'freshness', columns: ['signup_date'], params: { max_age_hours: 24 } },
      dimension: 'timeliness',
      state: 'proposed',
      latest_run: null,
    }),
  ],
  score: {
    version: 'quality-v1',
    computed_at: '2026-03-01T10:00:00.000Z',
    quality: {
      score: 87.6,
      mean: 87.6,
      capped: false,
      dimensions: [
        {
          dimension: 'completeness',
          score: 98,
          checks: [
            {
              check_id: 'k1',
              title: 'email is always filled',
              severity: 'low',
              weight: 1,
              status: 'warn',
              points: 0.5,
            },
          ],
        },
      ],
      arithmetic: '(Completeness 98 + Uniqueness 90 + Validity 50 + Consistency 100 + Volume 100) / 5 = 87.6',
    },
    completeness: {
      score: 50,
      items: [
        { item: 'definition', label: 'Definition written', value: 0, detail: 'No definition yet' },
        { item: 'relationships', label: 'Relationships checked', value: null, detail: 'No foreign key' },
      ],
      arithmetic: '(0 + 1 + 1 + 0 + 1 + 0) / 6 × 100 = 50',
    },
    coverage: { checks: 12, dimensions: 5, text: '12 checks, 5 of 6 dimensions' },
    run_ids: ['r1'],
  },
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useNotificationsStore.getState().clear();
  stubSession(server, { databases: [makeDatabase({ id: 'd1', name: 'Demo shop' })] });
  server.on('GET /api/business-entities', { body: [customer, fresh] });
  server.on('GET /api/business-entities/e1', { body: detail });
  server.on('GET /api/quality/schedule', {
    body: {
      every_minutes: null,
      default_minutes: 0,
      last_run_at: null,
      next_run_at: null,
      last_outcome: null,
    },
  });
  useContextStore.getState().select('database-d1');
});

describe('data quality on the control page', () => {
  it('shows a score nobody computed as "Not assessed", never as a percent', async () => {
    renderApp('/control', server.url);
    const card = await screen.findByRole('article', { name: 'Shopper' });
    const quality = within(card).getByRole('meter', { name: 'Quality Score' });
    expect(quality).toHaveAttribute('aria-valuetext', 'Not assessed');
    expect(quality).not.toHaveAttribute('aria-valuenow');
    expect(card).toHaveTextContent('Not assessed');
    expect(card).toHaveTextContent('17%');
  });

  it('opens the checks and the arithmetic of the scores beside the cards, not the review chat', async () => {
    const user = userEvent.setup();
    const app = renderApp('/control', server.url);
    const card = await screen.findByRole('article', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Checks and scores of Customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Checks and scores of Customer' });
    expect(app.router().state.location.search).toBe('?entity=e1');
    expect(panel).toHaveTextContent('Quality score: 88 (12 checks, 5 of 6 dimensions)');
    expect(panel).toHaveTextContent(
      '(Completeness 98 + Uniqueness 90 + Validity 50 + Consistency 100 + Volume 100) / 5 = 87.6',
    );
    expect(panel).toHaveTextContent('Relationships checked: No foreign key');
    const check = within(panel).getByRole('article', { name: 'email is always filled' });
    expect(check).toHaveTextContent('169 of 5,000 rows (3.38%) have no email');
    expect(within(check).getByRole('link', { name: 'Open the SQL' })).toHaveAttribute(
      'href',
      `/editor?${new URLSearchParams({ sql: 'SELECT t.customer_id, t.email FROM customers t WHERE t.email IS NULL', database: 'd1' }).toString()}`,
    );

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router().state.location.pathname).toBe('/control');
  });

  it('offers running an entity’s checks only when the server’s abilities allow it', async () => {
    server.on('GET /api/business-entities/e1', {
      body: { ...detail, editable: false, abilities: abilitiesFor() },
    });
    const user = userEvent.setup();
    renderApp('/control', server.url);
    const card = await screen.findByRole('article', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Checks and scores of Customer' }));
    const panel = await screen.findByRole('dialog', { name: 'Checks and scores of Customer' });
    await within(panel).findByRole('article', { name: 'email is always filled' });
    expect(within(panel).queryByRole('button', { name: 'Run checks' })).toBeNull();
  });

  it('accepts a proposed check, mutes one with a reason, and runs them all', async () => {
    server.on('PUT /api/checks/k2', (request) => ({
      body: { ...detail.checks[1], ...(request.body as object), state: 'active' },
    }));
    server.on('PUT /api/checks/k1', (request) => ({
      body: { ...detail.checks[0], ...(request.body as object) },
    }));
    server.on('POST /api/business-entities/e1/runs', { body: detail });
    const user = userEvent.setup();
    renderApp('/control?entity=e1', server.url);
    const panel = await screen.findByRole('dialog', { name: 'Checks and scores of Customer' });

    await user.click(
      within(within(panel).getByRole('article', { name: 'signup_date is at most 1 day old' })).getByRole(
        'button',
        { name: 'Accept' },
      ),
    );
    await waitFor(() => expect(server.requestsTo('PUT', '/api/checks/k2')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/checks/k2')[0]?.body).toEqual({ state: 'active' });

    const muteButton = () =>
      within(within(panel).getByRole('article', { name: 'email is always filled' })).getByRole('button', {
        name: 'Mute…',
      });
    // Held while the acceptance and the refresh it starts are under way.
    await waitFor(() => expect(muteButton()).toBeEnabled());
    await user.click(muteButton());
    const ask = await screen.findByRole('dialog', { name: 'Mute “email is always filled”' });
    const mute = within(ask).getByRole('button', { name: 'Mute' });
    expect(mute).toBeDisabled();
    await user.type(within(ask).getByLabelText('Why is this expected?'), 'Guests check out without an email');
    await user.click(mute);
    await waitFor(() => expect(server.requestsTo('PUT', '/api/checks/k1')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/checks/k1')[0]?.body).toEqual({
      state: 'muted',
      muted_reason: 'Guests check out without an email',
    });

    await user.click(within(panel).getByRole('button', { name: 'Run checks' }));
    await waitFor(() => expect(server.requestsTo('POST', '/api/business-entities/e1/runs')).toHaveLength(1));
    // The cards are read again: their scores follow from the runs.
    await waitFor(() => expect(server.requestsTo('GET', '/api/business-entities').length).toBeGreaterThan(1));
  });

  it('sets how often the database’s checks run, and runs them all on demand', async () => {
    server.on('PUT /api/quality/schedule', (request) => ({
      body: {
        every_minutes: (request.body as { every_minutes: number | null }).every_minutes,
        default_minutes: 0,
        last_run_at: null,
        next_run_at: '2026-03-02T10:00:00.000Z',
        last_outcome: null,
      },
    }));
    server.on('POST /api/quality/runs', {
      body: {
        entities: [],
        statuses: { pass: 1, warn: 0, fail: 0, error: 0, skipped: 0 },
        statements: 1,
        duration_ms: 5,
      },
    });
    const user = userEvent.setup();
    renderApp('/control', server.url);
    const schedule = await screen.findByRole('combobox', { name: 'Check schedule' });
    await waitFor(() => expect(schedule).toBeEnabled());
    expect(schedule).toHaveValue('default');
    expect(screen.getByRole('option', { name: 'Server default (off)' })).toBeInTheDocument();
    await user.selectOptions(schedule, '1440');
    await waitFor(() => expect(server.requestsTo('PUT', '/api/quality/schedule')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/quality/schedule')[0]?.body).toEqual({
      contextId: 'database-d1',
      every_minutes: 1440,
    });
    await waitFor(() => expect(schedule).toHaveValue('1440'));

    await user.click(screen.getByRole('button', { name: 'Run checks' }));
    await waitFor(() => expect(server.requestsTo('POST', '/api/quality/runs')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/quality/runs')[0]?.body).toEqual({ contextId: 'database-d1' });
  });

  it('shows a scan’s progress as a notification and refreshes the cards as checks finish', async () => {
    const app = renderApp('/control', server.url);
    await screen.findByRole('article', { name: 'Customer' });
    const socket = app.sockets[0];
    if (!socket) throw new Error('no socket');
    const event = { databaseId: 'd1', conversationId: 'c1', runId: 'run-1', total: 5 };
    act(() =>
      socket.fire('quality-progress', {
        ...event,
        phase: 'profiling',
        done: 2,
        message: 'Profiled customers (2 of 5 tables)',
      }),
    );
    const notifications = useNotificationsStore.getState().notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: 'Scanning the database', progress: 40, timeout: -1 });
    const before = server.requestsTo('GET', '/api/business-entities').length;
    act(() =>
      socket.fire('quality-progress', {
        ...event,
        phase: 'checking',
        done: 5,
        message: 'Checked products (5 of 5 tables)',
      }),
    );
    expect(useNotificationsStore.getState().notifications[0]).toMatchObject({
      title: 'Running data-quality checks',
      progress: 100,
    });
    await waitFor(() =>
      expect(server.requestsTo('GET', '/api/business-entities').length).toBeGreaterThan(before),
    );
    act(() =>
      socket.fire('quality-progress', {
        ...event,
        phase: 'done',
        done: 5,
        message: '5 business entities scored',
      }),
    );
    expect(useNotificationsStore.getState().notifications.map((item) => [item.title, item.type])).toEqual([
      ['Data quality updated', 'success'],
    ]);
  });
});

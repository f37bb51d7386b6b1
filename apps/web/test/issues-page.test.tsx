import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Issue } from '../src/api/types.ts';
import { filterIssues, isUnresolved } from '../src/features/issues/issue-rules.ts';
import { useContextStore } from '../src/stores/context-store.ts';
import { abilitiesFor, makeDatabase, makeEntity, stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

function makeIssue(overrides: Partial<Issue> = {}): Issue {
  return {
    id: 'i1',
    databaseId: 'd1',
    business_entity_id: null,
    title: 'Missing emails',
    description: null,
    severity: 'medium',
    status: 'open',
    query_id: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    editable: true,
    abilities: abilitiesFor('edit'),
    check_id: null,
    origin: 'user',
    occurrences: 1,
    last_seen_at: null,
    observed: null,
    evidence: null,
    dismissed_reason: null,
    ...overrides,
  };
}

const customer = makeEntity();

// In the server's order: unresolved first, then the most severe, then the newest.
const issues: Issue[] = [
  makeIssue({
    id: 'i1',
    title: 'Duplicate customers',
    description: 'Same e-mail on several rows of customers',
    severity: 'critical',
    business_entity_id: 'e1',
    query_id: 'q7',
  }),
  makeIssue({ id: 'i2', title: 'Negative totals', severity: 'high', status: 'in_progress' }),
  makeIssue({ id: 'i3', title: 'Late invoices', severity: 'low', status: 'resolved' }),
  makeIssue({ id: 'i4', title: 'Test rows', description: 'Rows from the 2019 load', status: 'dismissed' }),
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, {
    databases: [makeDatabase({ id: 'd1', name: 'Chinook' }), makeDatabase({ id: 'd2', name: 'Warehouse' })],
  });
  server.on('GET /api/issues', (request) => ({
    body: request.query.get('contextId') === 'database-d1' ? issues : [],
  }));
  server.on('GET /api/business-entities', (request) => ({
    body: request.query.get('contextId') === 'database-d1' ? [customer] : [],
  }));
  useContextStore.getState().select('database-d1');
});

const rowTitles = () =>
  within(screen.getByRole('list', { name: 'Issues' }))
    .getAllByRole('article')
    .map((row) => within(row).getByRole('heading').textContent);

async function openPage() {
  const app = renderApp('/issues', server.url);
  await screen.findByRole('list', { name: 'Issues' }, { timeout: 10_000 });
  return app;
}

describe('issue rules', () => {
  it('counts open and in progress as unresolved', () => {
    expect(issues.map(isUnresolved)).toEqual([true, true, false, false]);
  });

  it('filters by status and by a case-insensitive search of the title or description', () => {
    expect(filterIssues(issues, 'unresolved', '').map((issue) => issue.id)).toEqual(['i1', 'i2']);
    expect(filterIssues(issues, 'all', '').map((issue) => issue.id)).toEqual(['i1', 'i2', 'i3', 'i4']);
    expect(filterIssues(issues, 'all', 'E-MAIL').map((issue) => issue.id)).toEqual(['i1']);
    expect(filterIssues(issues, 'all', ' rows ').map((issue) => issue.id)).toEqual(['i1', 'i4']);
    expect(filterIssues(issues, 'unresolved', 'rows').map((issue) => issue.id)).toEqual(['i1']);
  });
});

describe('issues page', () => {
  it("lists the context's unresolved issues in the server's order with severity, entity and query", async () => {
    await openPage();
    expect(rowTitles()).toEqual(['Duplicate customers', 'Negative totals']);
    expect(server.requestsTo('GET', '/api/issues')[0]?.query.get('contextId')).toBe('database-d1');
    expect(server.requestsTo('GET', '/api/business-entities')[0]?.query.get('contextId')).toBe('database-d1');

    const first = screen.getByRole('article', { name: 'Duplicate customers' });
    expect(first).toHaveTextContent('Same e-mail on several rows of customers');
    expect(within(first).getByRole('combobox', { name: 'Severity of Duplicate customers' })).toHaveValue(
      'critical',
    );
    expect(within(first).getByRole('combobox', { name: 'Status of Duplicate customers' })).toHaveValue(
      'open',
    );
    // Entity names come from their own request, which may answer after the issues.
    await waitFor(() => expect(first).toHaveTextContent('Business entity: Customer'));
    expect(within(first).getByRole('link', { name: 'Open the query' })).toHaveAttribute('href', '/query/q7');

    const second = screen.getByRole('article', { name: 'Negative totals' });
    expect(within(second).getByRole('combobox', { name: 'Status of Negative totals' })).toHaveValue(
      'in_progress',
    );
    expect(within(second).queryByRole('link')).toBeNull();
    expect(second).not.toHaveTextContent('Business entity');
  });

  it('shows every status under All, with the count of each filter', async () => {
    const user = userEvent.setup();
    await openPage();
    const filters = screen.getByRole('group', { name: 'Status filter' });
    const unresolved = within(filters).getByRole('button', { name: 'Open and in progress 2' });
    expect(unresolved).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filters).getByRole('button', { name: 'All 4' }));
    expect(rowTitles()).toEqual(['Duplicate customers', 'Negative totals', 'Late invoices', 'Test rows']);
    await user.click(unresolved);
    expect(rowTitles()).toEqual(['Duplicate customers', 'Negative totals']);
  });

  it('searches titles and descriptions, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await openPage();
    const search = screen.getByRole('searchbox', { name: 'Search issues' });
    await user.type(search, 'E-MAIL');
    expect(rowTitles()).toEqual(['Duplicate customers']);

    await user.clear(search);
    await user.type(search, '2019');
    expect(
      screen.getByText('No issues match “2019” among the open and in progress ones.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all issues' }));
    expect(rowTitles()).toEqual(['Test rows']);
  });

  it('changes a status with PUT of the whole issue and shows the stored answer', async () => {
    let answer: (issue: Issue) => void = () => undefined;
    server.on(
      'PUT /api/issues/i2',
      () =>
        new Promise((resolve) => {
          answer = (stored) => resolve({ body: stored });
        }),
    );
    const user = userEvent.setup();
    await openPage();
    const status = screen.getByRole('combobox', { name: 'Status of Negative totals' });
    await user.selectOptions(status, 'open');

    // Shown at once, controls held until the server answers.
    await waitFor(() => expect(server.requestsTo('PUT', '/api/issues/i2')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/issues/i2')[0]?.body).toEqual({ ...issues[1], status: 'open' });
    expect(status).toHaveValue('open');
    expect(status).toBeDisabled();

    // The server's copy replaces the local one, whatever else it changed.
    answer({
      ...(issues[1] as Issue),
      status: 'open',
      severity: 'critical',
      updatedAt: '2026-04-01T00:00:00.000Z',
    });
    const severity = screen.getByRole('combobox', { name: 'Severity of Negative totals' });
    await waitFor(() => expect(severity).toHaveValue('critical'));
    expect(status).toBeEnabled();
    expect(status).toHaveValue('open');
    expect(server.requestsTo('GET', '/api/issues')).toHaveLength(1);
  });

  it('changes a severity the same way, and a resolved issue leaves the default list', async () => {
    server.on('PUT /api/issues/i1', (request) => ({ body: request.body }));
    const user = userEvent.setup();
    await openPage();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Severity of Duplicate customers' }),
      'low',
    );
    await waitFor(() => expect(server.requestsTo('PUT', '/api/issues/i1')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/issues/i1')[0]?.body).toEqual({ ...issues[0], severity: 'low' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Severity of Duplicate customers' })).toBeEnabled(),
    );

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status of Duplicate customers' }),
      'resolved',
    );
    await waitFor(() => expect(rowTitles()).toEqual(['Negative totals']));
    await waitFor(() => expect(server.requestsTo('PUT', '/api/issues/i1')).toHaveLength(2));
    // The second PUT carries the first change too: the body is always the whole current issue.
    expect(server.requestsTo('PUT', '/api/issues/i1')[1]?.body).toEqual({
      ...issues[0],
      severity: 'low',
      status: 'resolved',
    });
    expect(screen.getByRole('button', { name: 'All 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open and in progress 1' })).toBeInTheDocument();
  });

  it("puts the issue back and shows the server's message when a change fails", async () => {
    server.on('PUT /api/issues/i1', {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'This database is shared read-only' } },
    });
    const user = userEvent.setup();
    await openPage();
    const status = screen.getByRole('combobox', { name: 'Status of Duplicate customers' });
    await user.selectOptions(status, 'in_progress');
    const toast = await within(screen.getByTestId('notifications')).findByRole('alert');
    expect(toast).toHaveTextContent('Could not update “Duplicate customers”');
    expect(toast).toHaveTextContent('This database is shared read-only');
    await waitFor(() => expect(status).toHaveValue('open'));
    expect(status).toBeEnabled();
  });

  it('shows read-only issues without controls', async () => {
    server.on('GET /api/issues', {
      body: [makeIssue({ id: 'i9', title: 'Orphan orders', severity: 'high', editable: false })],
    });
    await openPage();
    const row = screen.getByRole('article', { name: 'Orphan orders' });
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(row).toHaveTextContent('High');
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('Read-only');
  });

  it('shows the error box with the server message, and the list emptied', async () => {
    server.on('GET /api/issues', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Database not found' } },
    });
    renderApp('/issues', server.url);
    const box = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(box).toHaveTextContent('Error loading issues');
    expect(box).toHaveTextContent('Database not found');
    expect(screen.queryByRole('list', { name: 'Issues' })).toBeNull();
  });

  it('shows the default message when the server gives none', async () => {
    server.on('GET /api/issues', { status: 403 });
    renderApp('/issues', server.url);
    const box = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(box).toHaveTextContent('An error occurred while fetching issues');
  });

  it('says when the context has no issue', async () => {
    server.on('GET /api/issues', { body: [] });
    renderApp('/issues', server.url);
    const empty = await screen.findByText('No issues found in this context.', {}, { timeout: 10_000 });
    expect(
      within(empty.parentElement as HTMLElement).getByRole('link', { name: 'Business entities' }),
    ).toHaveAttribute('href', '/control');
  });

  it('reloads the issues and entities of a newly selected context', async () => {
    server.on('GET /api/issues', (request) => ({
      body:
        request.query.get('contextId') === 'database-d2'
          ? [makeIssue({ id: 'w1', databaseId: 'd2', title: 'Stale snapshot', business_entity_id: 'e2' })]
          : issues,
    }));
    server.on('GET /api/business-entities', (request) => ({
      body:
        request.query.get('contextId') === 'database-d2'
          ? [{ ...customer, id: 'e2', name: 'Snapshot' }]
          : [customer],
    }));
    const user = userEvent.setup();
    await openPage();
    await user.selectOptions(screen.getByTestId('context-selector'), 'database-d2');
    const row = await screen.findByRole('article', { name: 'Stale snapshot' });
    await waitFor(() => expect(row).toHaveTextContent('Business entity: Snapshot'));
    expect(screen.queryByRole('article', { name: 'Duplicate customers' })).toBeNull();
    // Each context's lists are fetched once: the old context's are not fetched again on the way.
    const contextsAsked = (path: string) =>
      server.requestsTo('GET', path).map((r) => r.query.get('contextId'));
    expect(contextsAsked('/api/issues')).toEqual(['database-d1', 'database-d2']);
    expect(contextsAsked('/api/business-entities')).toEqual(['database-d1', 'database-d2']);
  });

  it('asks why before dismissing, and sends the reason with the whole issue', async () => {
    server.on('PUT /api/issues/i1', (request) => ({ body: request.body }));
    const user = userEvent.setup();
    await openPage();
    const status = screen.getByRole('combobox', { name: 'Status of Duplicate customers' });
    await user.selectOptions(status, 'dismissed');
    const ask = await screen.findByRole('dialog', { name: 'Dismiss “Duplicate customers”' });
    // Cancelling changes nothing.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(status).toHaveValue('open');
    expect(server.requestsTo('PUT', '/api/issues/i1')).toHaveLength(0);

    await user.selectOptions(status, 'dismissed');
    const again = await screen.findByRole('dialog', { name: 'Dismiss “Duplicate customers”' });
    await user.type(within(again).getByLabelText('Why is it not a problem?'), 'Two accounts per household');
    await user.click(within(again).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(server.requestsTo('PUT', '/api/issues/i1')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/issues/i1')[0]?.body).toEqual({
      ...issues[0],
      status: 'dismissed',
      dismissed_reason: 'Two accounts per household',
    });
  });

  it("shows a check's evidence: the failing rows' SQL, opened in the editor in one click, and a few rows", async () => {
    const sql = "SELECT t.customer_id, t.email FROM customers t WHERE t.email IS NULL OR TRIM(t.email) = ''";
    server.on('GET /api/issues', {
      body: [
        makeIssue({
          id: 'i7',
          title: 'Missing email in customers',
          origin: 'check',
          check_id: 'k1',
          occurrences: 3,
          last_seen_at: '2026-03-03T10:00:00.000Z',
          observed: '169 of 5,000 rows (3.38%) have no email',
          evidence: {
            sql,
            columns: ['customer_id', 'email'],
            rows: [
              [12, null],
              [40, '  '],
            ],
          },
        }),
      ],
    });
    const user = userEvent.setup();
    await openPage();
    const row = screen.getByRole('article', { name: 'Missing email in customers' });
    expect(row).toHaveTextContent('Seen 3 times, last');
    await user.click(within(row).getByText('Evidence'));
    expect(row).toHaveTextContent(sql);
    expect(within(row).getByRole('link', { name: 'Open in the editor' })).toHaveAttribute(
      'href',
      `/editor?${new URLSearchParams({ sql, database: 'd1' }).toString()}`,
    );
    const sample = within(row).getByRole('table', { name: 'Failing rows of Missing email in customers' });
    expect(
      within(sample)
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual(['customer_idemail', '12NULL', '40“  ”']);
  });

  it('asks for a context when none is selected', async () => {
    stubSession(server, { databases: [] });
    useContextStore.getState().select(null);
    renderApp('/issues', server.url);
    expect(
      await screen.findByText('Select a database or a project to see its issues.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(server.requestsTo('GET', '/api/issues')).toHaveLength(0);
  });
});

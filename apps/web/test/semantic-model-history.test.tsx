import type { SemanticModel, SemanticModelChange } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/api/query-keys.ts';
import { stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { model, state } from './helpers/semantic-model-fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const [orderCount, ordersAgain] = model.metrics;
if (!orderCount || !ordersAgain) throw new Error('the fixture model has two metrics');
/** Version 1: the dataset and order_count, not certified yet. */
const first: SemanticModel = { ...model, metrics: [{ ...orderCount, certified: null }] };
/** Version 2: orders_again added. Version 3 (the current one) certified order_count. */
const second: SemanticModel = { ...model, metrics: [{ ...orderCount, certified: null }, ordersAgain] };

const changes: SemanticModelChange[] = [
  {
    version: 3,
    summary: 'certified metric order_count',
    changedAt: '2026-11-02T10:00:00.000Z',
    changedBy: 'Ann Lee',
  },
  {
    version: 2,
    summary: 'added metric orders_again',
    changedAt: '2026-11-01T10:00:00.000Z',
    changedBy: 'Ben Ode',
  },
  {
    version: 1,
    summary: 'added dataset order; added metric order_count',
    changedAt: '2026-10-30T10:00:00.000Z',
    changedBy: 'Ann Lee',
  },
];

function serveHistory(abilities = { edit: true, certify: true }) {
  stubSession(server);
  server.on('GET /api/databases/d1/semantic-model', { body: state({ abilities }) });
  server.on('GET /api/databases/d1/semantic-model/history', { body: { changes } });
  const [v3, v2, v1] = changes;
  server.on('GET /api/databases/d1/semantic-model/history/1', { body: { ...v1, model: first } });
  server.on('GET /api/databases/d1/semantic-model/history/2', { body: { ...v2, model: second } });
  server.on('GET /api/databases/d1/semantic-model/history/3', { body: { ...v3, model } });
}

describe('semantic model history', () => {
  it('opens a version from the history read-only, at an address that keeps it, with what it changed, and goes back', async () => {
    serveHistory();
    const app = renderApp('/databases/d1/semantic-model', server.url);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Version 3 (current)');

    await userEvent.click(within(history).getByRole('link', { name: 'Version 2' }));
    const heading = await screen.findByRole('heading', {
      name: 'Version 2, saved by Ben Ode on Nov 1, 2026',
    });
    expect(heading).toHaveFocus();
    expect(app.router().state.location.search).toBe('?version=2');
    expect(within(history).getByRole('link', { name: 'Version 2' })).toHaveAttribute('aria-current', 'page');

    const view = screen.getByRole('region', { name: 'Version 2' });
    expect(view).toHaveTextContent('the current one is version 3');
    // Against version 1, computed from the two models beside the history's summary.
    const changed = await within(view).findByRole('list', { name: 'Changed items' });
    expect(changed).toHaveTextContent('Added metrics: orders_again');
    expect(within(view).getByRole('region', { name: 'Changes' })).toHaveTextContent(
      'What changed since version 1added metric orders_again',
    );
    // Read-only: the version's metrics, not certified then, and nothing to certify.
    const metric = within(view).getByRole('listitem', { name: 'Metric order_count' });
    expect(metric).not.toHaveTextContent('Certified');
    expect(screen.queryByRole('button', { name: 'Certify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit as JSON' })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Restore version 2' })).toBeEnabled();

    // Version 3 against 2: a certification, told apart from a change of definition.
    await userEvent.click(within(history).getByRole('link', { name: 'Version 3' }));
    const current = await screen.findByRole('region', { name: 'Version 3' });
    expect(current).toHaveTextContent('This is the current version.');
    expect(await within(current).findByRole('list', { name: 'Changed items' })).toHaveTextContent(
      'Certified metrics: order_count',
    );
    expect(within(current).queryByRole('button', { name: /Restore/ })).toBeNull();

    await userEvent.click(within(current).getByRole('link', { name: 'Back to the current version' }));
    await waitFor(() => expect(app.router().state.location.search).toBe(''));
    // The address changes before React draws the page it names.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Version 3' })).toBeNull());
    expect(
      within(screen.getByRole('listitem', { name: 'Metric order_count' })).getByRole('button', {
        name: 'Withdraw certification',
      }),
    ).toBeVisible();
  });

  it('restores a version linked to directly as the next version, from the version the page shows', async () => {
    serveHistory();
    server.on('PUT /api/databases/d1/semantic-model', { body: state({ version: 4, model: first }) });
    const app = renderApp('/databases/d1/semantic-model?version=1', server.url);
    const view = await screen.findByRole('region', { name: 'Version 1' });
    expect(
      within(view).getByRole('heading', { name: 'Version 1, saved by Ann Lee on Oct 30, 2026' }),
    ).toBeVisible();
    expect(within(view).getByRole('region', { name: 'Changes' })).toHaveTextContent(
      'What the first version saved',
    );
    expect(within(view).getByRole('list', { name: 'Changed items' })).toHaveTextContent(
      'Added datasets: order',
    );
    const restore = within(view).getByRole('button', { name: 'Restore version 1' });
    expect(restore).toHaveAccessibleDescription(/Saves this model as version 4/);
    await userEvent.click(restore);

    await waitFor(() => expect(app.router().state.location.search).toBe(''));
    const [put] = server.requestsTo('PUT', '/api/databases/d1/semantic-model').slice(-1);
    expect(put?.body).toEqual({ model: first, version: 3 });
    expect(await screen.findByText('Version 1 restored')).toBeVisible();
    // The page shows what the server saved: version 1's one metric.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Metric orders_again' })).toBeNull());
  });

  it('says clearly when a restore is refused because someone saved since, and reads the model again', async () => {
    serveHistory();
    server.on('PUT /api/databases/d1/semantic-model', {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message:
            'The semantic model changed since you opened it (version 4 is saved, you edited version 3): reload it and make your change again',
          field: 'version',
        },
      },
    });
    renderApp('/databases/d1/semantic-model?version=2', server.url);
    const view = await screen.findByRole('region', { name: 'Version 2' });
    await userEvent.click(within(view).getByRole('button', { name: 'Restore version 2' }));
    const alert = await within(view).findByRole('alert');
    expect(alert).toHaveTextContent('Not restored: someone saved the model since.');
    expect(alert).toHaveTextContent('version 4 is saved, you edited version 3');

    // Someone saved version 4: reading again, the next restore would be made from it.
    server.on('GET /api/databases/d1/semantic-model', { body: state({ version: 4 }) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Read the current model again' }));
    expect(await within(view).findByText(/the current one is version 4/)).toBeVisible();
    expect(within(view).getByRole('button', { name: 'Restore version 2' })).toHaveAccessibleDescription(
      /Saves this model as version 5/,
    );
    expect(within(view).queryByRole('alert')).toBeNull();
  });

  it('offers no restore to a reader, and says so when the address names no version', async () => {
    serveHistory({ edit: false, certify: false });
    renderApp('/databases/d1/semantic-model?version=2', server.url);
    const view = await screen.findByRole('region', { name: 'Version 2' });
    expect(await within(view).findByRole('list', { name: 'Changed items' })).toBeVisible();
    expect(within(view).queryByRole('button')).toBeNull();

    server.on('GET /api/databases/d1/semantic-model/history/9', {
      status: 404,
      body: {
        error: { code: 'NOT_FOUND', message: 'The semantic model has no version 9', field: 'version' },
      },
    });
    renderApp('/databases/d1/semantic-model?version=9', server.url);
    expect(await screen.findByRole('alert')).toHaveTextContent('The semantic model has no version 9');
  });

  it('saves a JSON edit from the version it was opened on, so a save in between is refused, not overwritten', async () => {
    serveHistory();
    server.on('PUT /api/databases/d1/semantic-model', { body: state({ version: 5 }) });
    const app = renderApp('/databases/d1/semantic-model', server.url);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit as JSON' }));
    // Meanwhile the page learns of version 4 (a refetch, a restore).
    app.services.queryClient.setQueryData(queryKeys.semanticModel('d1'), state({ version: 4 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save as a new version' })).toBeNull());
    const [put] = server.requestsTo('PUT', '/api/databases/d1/semantic-model').slice(-1);
    expect(put?.body).toEqual({ model, version: 3 });
  });
});

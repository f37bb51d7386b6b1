import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSession } from './helpers/fixtures.ts';
import { model, state } from './helpers/semantic-model-fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('semantic model page', () => {
  it('shows certified metrics with who certified them and when, and certifies another', async () => {
    stubSession(server);
    server.on('GET /api/databases/d1/semantic-model', { body: state() });
    server.on('GET /api/databases/d1/semantic-model/history', {
      body: {
        changes: [
          {
            version: 3,
            summary: 'certified metric order_count',
            changedAt: '2026-11-02T10:00:00.000Z',
            changedBy: 'Ann Lee',
          },
        ],
      },
    });
    const certified = state({
      version: 4,
      model: {
        ...model,
        metrics: model.metrics.map((metric) => ({
          ...metric,
          certified: { by: 'Ann Lee', at: '2026-11-03T10:00:00.000Z' },
        })),
      },
    });
    server.on('POST /api/databases/d1/semantic-model/metrics/orders_again/certification', {
      body: certified,
    });
    renderApp('/databases/d1/semantic-model', server.url);

    const orders = await screen.findByRole('listitem', { name: 'Metric order_count' });
    expect(orders).toHaveTextContent('Certified by Ann Lee on Nov 2, 2026');
    expect(within(orders).getByRole('button', { name: 'Withdraw certification' })).toBeEnabled();
    expect(await screen.findByRole('region', { name: 'History' })).toHaveTextContent(
      'certified metric order_count',
    );

    const other = screen.getByRole('listitem', { name: 'Metric orders_again' });
    expect(other).not.toHaveTextContent('Certified');
    await userEvent.click(within(other).getByRole('button', { name: 'Certify' }));
    expect(await within(other).findByText(/Certified by Ann Lee on Nov 3, 2026/)).toBeVisible();
  });

  it('offers a pending proposal to those who may change the model, and only shows it to the others', async () => {
    stubSession(server);
    const proposal = {
      model,
      proposedAt: '2026-11-04T10:00:00.000Z',
      proposedBy: 'Ann Lee',
      source: 'scan' as const,
    };
    server.on('GET /api/databases/d1/semantic-model', {
      body: state({ proposal, abilities: { edit: false, certify: false } }),
    });
    server.on('GET /api/databases/d1/semantic-model/history', { body: { changes: [] } });
    renderApp('/databases/d1/semantic-model', server.url);
    const banner = await screen.findByRole('region', { name: 'Proposal' });
    expect(banner).toHaveTextContent('Scan auto proposed 1 dataset, 0 relationships and 2 metrics');
    expect(within(banner).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Certify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit as JSON' })).toBeNull();
  });

  it('shows the field the server names when a save is refused', async () => {
    stubSession(server);
    server.on('GET /api/databases/d1/semantic-model', { body: state() });
    server.on('GET /api/databases/d1/semantic-model/history', { body: { changes: [] } });
    server.on('PUT /api/databases/d1/semantic-model', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'The semantic model is not valid: model.metrics[1].measure: No measure is named "nothing"',
          field: 'model.metrics[1].measure',
        },
      },
    });
    renderApp('/databases/d1/semantic-model', server.url);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit as JSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('model.metrics[1].measure:');
    const [put] = server.requestsTo('PUT', '/api/databases/d1/semantic-model');
    expect(put?.body).toEqual({ model, version: 3 });
  });
  it('imports dbt files as a proposal, lists what did not convert, and accepts it replacing same-named items', async () => {
    stubSession(server);
    server.on('GET /api/databases/d1/semantic-model', { body: state() });
    server.on('GET /api/databases/d1/semantic-model/history', { body: { changes: [] } });
    const proposal = {
      model,
      proposedAt: '2026-11-05T10:00:00.000Z',
      proposedBy: 'Ann Lee',
      source: 'import' as const,
    };
    server.on('POST /api/databases/d1/semantic-model/import', {
      body: {
        ...state({ proposal }),
        warnings: [{ item: 'metrics.median_revenue', message: 'Median measures have no equivalent' }],
      },
    });
    server.on('POST /api/databases/d1/semantic-model/proposal/accept', { body: state({ version: 4 }) });
    renderApp('/databases/d1/semantic-model', server.url);

    expect(await screen.findByRole('link', { name: 'Export as OSI YAML' })).toHaveAttribute(
      'href',
      '/api/databases/d1/semantic-model/export?format=osi',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import…' }));
    const form = screen.getByRole('form', { name: 'Import a semantic model' });
    expect(within(form).getByRole('radio', { name: 'dbt semantic models and metrics' })).toBeChecked();
    const files = [
      new File(['semantic_models: []\n'], 'orders.yml', { type: 'application/yaml' }),
      new File(['metrics: []\n'], 'metrics.yml', { type: 'application/yaml' }),
    ];
    await userEvent.upload(within(form).getByLabelText('Files'), files);
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('list', { name: 'Import warnings' })).toHaveTextContent(
      'metrics.median_revenue: Median measures have no equivalent',
    );
    const [sent] = server.requestsTo('POST', '/api/databases/d1/semantic-model/import');
    expect(sent?.body).toEqual({
      format: 'dbt',
      files: [
        { name: 'orders.yml', content: 'semantic_models: []\n' },
        { name: 'metrics.yml', content: 'metrics: []\n' },
      ],
    });
    const banner = screen.getByRole('region', { name: 'Proposal' });
    expect(banner).toHaveTextContent('Ann Lee imported 1 dataset');
    await userEvent.click(within(banner).getByRole('button', { name: 'Accept, replacing same-named items' }));
    await vi.waitFor(() =>
      expect(server.requestsTo('POST', '/api/databases/d1/semantic-model/proposal/accept')).toHaveLength(1),
    );
    const [accepted] = server.requestsTo('POST', '/api/databases/d1/semantic-model/proposal/accept');
    expect(accepted?.body).toEqual({ version: 3, replace: true });
  });

  it('shows where an imported OSI file is wrong', async () => {
    stubSession(server);
    server.on('GET /api/databases/d1/semantic-model', { body: state() });
    server.on('GET /api/databases/d1/semantic-model/history', { body: { changes: [] } });
    server.on('POST /api/databases/d1/semantic-model/import', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message:
            'The OSI file could not be read: line 4, column 1: Not valid YAML: Flow sequence not closed',
          field: 'content: line 4, column 1',
        },
      },
    });
    renderApp('/databases/d1/semantic-model', server.url);
    await userEvent.click(await screen.findByRole('button', { name: 'Import…' }));
    const form = screen.getByRole('form', { name: 'Import a semantic model' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Open Semantic Interchange (OSI) YAML' }));
    await userEvent.upload(
      within(form).getByLabelText('File'),
      new File(['semantic_model: [\n'], 'model.yaml', { type: 'application/yaml' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('line 4, column 1');
    // The test server keeps every suite's requests: this one's is the last.
    const sent = server.requestsTo('POST', '/api/databases/d1/semantic-model/import').at(-1);
    expect(sent?.body).toEqual({ format: 'osi', content: 'semantic_model: [\n' });
  });
});

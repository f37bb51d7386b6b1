import type { Dataset, Metric, SemanticModel, SemanticProposal } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

const [order] = model.datasets;
const [orderCount] = model.metrics;
if (!order || !orderCount) throw new Error('the fixture model has a dataset and a metric');

const customer: Dataset = {
  ...order,
  name: 'customer',
  label: 'Customer',
  source: { table: 'customers', schema: null },
  primaryKey: ['customer_id'],
  dimensions: [],
  measures: [],
};
const revenue: Metric = {
  ...orderCount,
  name: 'revenue',
  label: 'Revenue',
  type: 'derived',
  expression: 'order_count * 10',
  certified: null,
};
const customerCount: Metric = { ...orderCount, name: 'customer_count', label: null, certified: null };

/** The saved model has the order dataset and order_count; the proposal brings more besides. */
const proposed: SemanticModel = {
  datasets: [order, customer],
  relationships: [
    {
      name: 'order_customer',
      from: { dataset: 'order', columns: ['customer_id'] },
      to: { dataset: 'customer', columns: ['customer_id'] },
      cardinality: 'many_to_one',
      description: null,
    },
  ],
  metrics: [{ ...orderCount, certified: null }, revenue, customerCount],
};
const proposal: SemanticProposal = {
  model: proposed,
  proposedAt: '2026-11-06T10:00:00.000Z',
  proposedBy: null,
  source: 'scan',
};

function serveProposal() {
  stubSession(server);
  server.on('GET /api/databases/d1/semantic-model', { body: state({ proposal }) });
  server.on('GET /api/databases/d1/semantic-model/history', { body: { changes: [] } });
}

async function openReview() {
  renderApp('/databases/d1/semantic-model', server.url);
  const banner = await screen.findByRole('region', { name: 'Proposal' });
  const review = within(banner).getByRole('button', { name: 'Review items…' });
  expect(review).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(review);
  expect(review).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('form', { name: 'Review the proposal' });
}

describe('reviewing a proposal item by item', () => {
  it('lists every item grouped, picked at first, says what each is and which the model has, and accepts the picked ones', async () => {
    serveProposal();
    server.on('POST /api/databases/d1/semantic-model/proposal/accept', { body: state({ version: 4 }) });
    const form = await openReview();

    const datasets = within(form).getByRole('group', { name: 'Datasets (2 of 2)' });
    const relationships = within(form).getByRole('group', { name: 'Relationships (1 of 1)' });
    const metrics = within(form).getByRole('group', { name: 'Metrics (3 of 3)' });
    for (const group of [datasets, relationships, metrics]) {
      for (const box of within(group).getAllByRole('checkbox')) expect(box).toBeChecked();
    }
    // Keyboard users land on the first item.
    expect(within(datasets).getByRole('checkbox', { name: 'Order order' })).toHaveFocus();

    expect(within(datasets).getByRole('checkbox', { name: 'Order order' })).toHaveAccessibleDescription(
      'In the model: kept as it is Table main.orders',
    );
    expect(within(datasets).getByRole('checkbox', { name: 'Customer customer' })).toHaveAccessibleDescription(
      'Table customers',
    );
    expect(
      within(relationships).getByRole('checkbox', { name: 'order_customer' }),
    ).toHaveAccessibleDescription('order.customer_id → customer.customer_id, many to one');
    expect(within(metrics).getByRole('checkbox', { name: 'Orders order_count' })).toHaveAccessibleDescription(
      'In the model: kept as it is order.order_count',
    );
    expect(within(metrics).getByRole('checkbox', { name: 'Revenue revenue' })).toHaveAccessibleDescription(
      'order_count * 10',
    );
    expect(form).toHaveTextContent('6 of 6 items selected');

    await userEvent.click(within(metrics).getByRole('checkbox', { name: 'customer_count' }));
    await userEvent.click(within(relationships).getByRole('button', { name: 'Clear relationships' }));
    expect(within(form).getByRole('group', { name: 'Metrics (2 of 3)' })).toBeVisible();
    expect(within(relationships).getByRole('checkbox', { name: 'order_customer' })).not.toBeChecked();
    // The same-named items need not be sent: kept as they are anyway. Space ticks a box.
    within(datasets).getByRole('checkbox', { name: 'Order order' }).focus();
    await userEvent.keyboard(' ');
    expect(form).toHaveTextContent('3 of 6 items selected');

    await userEvent.click(within(form).getByRole('button', { name: 'Accept selected' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Review the proposal' })).toBeNull());
    const [accepted] = server
      .requestsTo('POST', '/api/databases/d1/semantic-model/proposal/accept')
      .slice(-1);
    expect(accepted?.body).toEqual({
      version: 3,
      items: { datasets: ['customer'], relationships: [], metrics: ['order_count', 'revenue'] },
    });
    expect(screen.queryByRole('region', { name: 'Proposal' })).toBeNull();
  });

  it('replaces same-named items when asked, and shows a refused pick in the review', async () => {
    serveProposal();
    server.on('POST /api/databases/d1/semantic-model/proposal/accept', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message:
            'The semantic model is not valid: items.relationships[0].to.dataset: No dataset is named "customer"',
          field: 'items.relationships[0].to.dataset',
        },
      },
    });
    const form = await openReview();
    await userEvent.click(within(form).getByRole('button', { name: 'Clear datasets' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Clear metrics' }));
    const replace = within(form).getByRole('checkbox', {
      name: 'Replace the model’s items of the same names',
    });
    expect(replace).not.toBeChecked();
    await userEvent.click(replace);
    expect(within(form).getByRole('checkbox', { name: 'Order order' })).toHaveAccessibleDescription(
      'In the model: replaced Table main.orders',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Accept selected' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'items.relationships[0].to.dataset: No dataset is named "customer"',
    );
    const [sent] = server.requestsTo('POST', '/api/databases/d1/semantic-model/proposal/accept').slice(-1);
    expect(sent?.body).toEqual({
      version: 3,
      items: { datasets: [], relationships: ['order_customer'], metrics: [] },
      replace: true,
    });

    // Nothing picked: nothing to accept. Cancel closes the review, the banner stays.
    await userEvent.click(within(form).getByRole('button', { name: 'Clear relationships' }));
    expect(within(form).getByRole('button', { name: 'Accept selected' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Review the proposal' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Proposal' })).toBeVisible();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/services.ts';
import { ServicesProvider } from '../src/app/services-context.tsx';
import { filterSchema } from '../src/features/schema/filter-schema.ts';
import { SchemaBrowser } from '../src/features/schema/schema-browser.tsx';
import { ROWS_PER_PAGE } from '../src/features/schema/schema-tree.tsx';
import { fakeSocketFactory, recordingBrowser } from './helpers/fakes.ts';
import { makeColumn, makeSchema, makeTable } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const shop = makeSchema({
  public: [
    makeTable('customers', {
      comment: 'People who bought something',
      rowEstimate: 12_345,
      columns: [
        makeColumn('id', { nullable: false }),
        makeColumn('email', { type: 'text', comment: 'May be missing' }),
        makeColumn('segment', { type: 'text', dbtDescription: 'Marketing segment from dbt' }),
      ],
    }),
    makeTable('orders', {
      columns: [makeColumn('id', { nullable: false }), makeColumn('customer_id')],
      foreignKeys: [
        {
          name: 'orders_customer',
          columns: ['customer_id'],
          references: { schema: 'public', table: 'customers', columns: ['id'] },
        },
      ],
      dbtDescription: 'One row per order',
    }),
  ],
  analytics: [makeTable('daily_revenue', { kind: 'view', columns: [makeColumn('day', { type: 'date' })] })],
});

/** 5,000 tables of 20 columns in one schema, the size the benchmark introspects. */
function bigSchema() {
  const tables = Array.from({ length: 5000 }, (_, index) =>
    makeTable(`table_${String(index).padStart(4, '0')}`, {
      columns: Array.from({ length: 20 }, (__, column) => makeColumn(`col_${column}`)),
    }),
  );
  return makeSchema({ public: tables });
}

function renderBrowser() {
  const services = createServices({
    baseUrl: server.url,
    browser: recordingBrowser(),
    socketFactory: fakeSocketFactory().factory,
  });
  render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <SchemaBrowser source={{ kind: 'database', id: 'd1' }} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { user: userEvent.setup() };
}

describe('filterSchema', () => {
  it('keeps tables whose name or columns contain the search, case-insensitively', () => {
    const groups = filterSchema(shop, 'CUSTOMER');
    expect(groups.map((group) => group.name)).toEqual(['public']);
    const [customers, orders] = groups[0]?.tables ?? [];
    expect(customers).toMatchObject({ nameMatches: true, columns: [] });
    expect(orders?.nameMatches).toBe(false);
    expect(orders?.columns.map((column) => column.name)).toEqual(['customer_id']);
    expect(filterSchema(shop, '  ')).toHaveLength(2);
    expect(filterSchema(shop, 'nothing-like-this')).toEqual([]);
  });
});

describe('schema browser', () => {
  it('shows schemas, tables with row estimates and descriptions, and columns once a table is opened', async () => {
    server.on('GET /api/databases/d1/schema', { body: shop });
    const { user } = renderBrowser();
    const analytics = await screen.findByRole('button', { name: /analytics/ });
    // Two schemas: both start closed.
    expect(analytics).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'customers' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /public/ }));
    const customers = screen.getByRole('button', { name: 'customers' });
    const row = customers.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('≈ 12.3K rows');
    expect(row).toHaveTextContent('People who bought something');
    expect(screen.queryAllByTestId('schema-column')).toHaveLength(0);

    await user.click(customers);
    const columns = within(row).getAllByTestId('schema-column');
    expect(columns.map((column) => column.textContent)).toEqual([
      expect.stringMatching(/^id.*PK.*not null/),
      expect.stringMatching(/^email\s*text\s*nullMay be missing$/),
      expect.stringMatching(/Marketing segment from dbt/),
    ]);

    await user.click(screen.getByRole('button', { name: 'orders' }));
    const orders = screen.getByRole('button', { name: 'orders' }).closest('li') as HTMLElement;
    expect(orders).toHaveTextContent('One row per order');
    expect(within(orders).getByTitle('References public.customers (id)')).toHaveTextContent('FK');
  });

  it('filters tables and columns as the user types and marks the matches', async () => {
    server.on('GET /api/databases/d1/schema', { body: shop });
    const { user } = renderBrowser();
    await screen.findByRole('button', { name: /analytics/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search tables and columns' }), 'Email');
    await waitFor(() => expect(screen.getByText('1 table matches “Email”')).toBeInTheDocument());
    const tables = screen.getAllByTestId('schema-table');
    expect(tables).toHaveLength(1);
    // The matching column shows under its table without opening it, the match marked.
    const column = within(tables[0] as HTMLElement).getByTestId('schema-column');
    expect(within(column).getByText('email', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /analytics/ })).toBeNull();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'REVENUE');
    await waitFor(() => expect(screen.getByText('1 table matches “REVENUE”')).toBeInTheDocument());
    expect(screen.getByText('revenue', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'daily_revenue' }).closest('li')).toHaveTextContent('view');
  });

  it('draws only a page of lines for 5,000 tables and no columns until asked', async () => {
    server.on('GET /api/databases/d1/schema', { body: bigSchema() });
    const { user } = renderBrowser();
    expect(await screen.findByText('5000 tables')).toBeInTheDocument();
    // One schema: open at once, but only the first page of its tables is drawn.
    expect(screen.getAllByTestId('schema-table')).toHaveLength(ROWS_PER_PAGE - 1);
    expect(screen.queryAllByTestId('schema-column')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Show more/ }));
    expect(screen.getAllByTestId('schema-table')).toHaveLength(2 * ROWS_PER_PAGE - 1);

    await user.click(screen.getByRole('button', { name: 'table_0003' }));
    expect(screen.getAllByTestId('schema-column')).toHaveLength(20);

    // A search over 100,000 columns matches them all, and still draws one page.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'col_1' } });
    await waitFor(() => expect(screen.getByText('5000 tables match “col_1”')).toBeInTheDocument());
    const tables = screen.getAllByTestId('schema-table');
    expect(tables).toHaveLength(ROWS_PER_PAGE - 1);
    // col_1 and col_10…col_19 match: a closed table lists a few and counts the rest.
    expect(within(tables[0] as HTMLElement).getAllByTestId('schema-column')).toHaveLength(5);
    expect(tables[0]).toHaveTextContent('and 6 more matching columns');
  });

  it('refreshes with ?refresh=true and shows the new schema', async () => {
    server.on('GET /api/databases/d1/schema', (request) => ({
      body:
        request.query.get('refresh') === 'true'
          ? makeSchema({ '': [makeTable('invoices')] })
          : makeSchema({ '': [makeTable('customers')] }),
    }));
    const { user } = renderBrowser();
    await screen.findByRole('button', { name: 'customers' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'invoices' })).toBeInTheDocument();
    expect(server.requests.map((request) => request.query.get('refresh'))).toEqual([null, 'true']);
  });

  it('shows loading, then the error with a way to try again', async () => {
    let fail = true;
    server.on('GET /api/databases/d1/schema', () =>
      fail
        ? {
            status: 400,
            body: { error: { code: 'BAD_REQUEST', message: 'Authentication failed for user "analyst"' } },
          }
        : { body: makeSchema({ '': [makeTable('customers')] }) },
    );
    const { user } = renderBrowser();
    expect(screen.getByRole('status')).toHaveTextContent('Reading the schema…');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not read the schema: Authentication failed for user "analyst"',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'customers' })).toBeInTheDocument();
  });
});

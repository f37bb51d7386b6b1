import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDatabase, stubSession } from './helpers/fixtures.ts';
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

describe('databases page', () => {
  it('lists each database with its engine, badges and creation date', async () => {
    stubSession(server, {
      databases: [
        makeDatabase({ id: 'demo', name: 'Demo shop', engine: 'sqlite', public: true, safe_mode: true }),
        makeDatabase({
          id: 'd2',
          name: 'Warehouse',
          engine: 'snowflake',
          createdAt: '2026-03-04T12:00:00.000Z',
        }),
      ],
    });
    renderApp('/databases', server.url);
    const list = await screen.findByRole('list', { name: 'Databases' });
    const [demo, warehouse] = within(list).getAllByRole('link');
    expect(demo).toHaveTextContent('Demo shop');
    expect(demo).toHaveTextContent('SQLite');
    expect(demo).toHaveTextContent('Safe mode');
    expect(demo).toHaveTextContent('Public');
    expect(demo).toHaveAttribute('href', '/databases/demo');
    expect(warehouse).toHaveTextContent('Snowflake');
    expect(warehouse).not.toHaveTextContent('Safe mode');
    expect(
      within(warehouse as HTMLElement).getByText((_, element) => element?.tagName === 'TIME'),
    ).toHaveAttribute('datetime', '2026-03-04T12:00:00.000Z');
    // Not every database is public, so no note says so.
    expect(screen.queryByText(/Every database here is public/)).toBeNull();
  });

  it('says so when every database is public', async () => {
    stubSession(server, {
      databases: [makeDatabase({ id: 'demo', name: 'Demo shop', public: true, safe_mode: true })],
    });
    renderApp('/databases', server.url);
    expect(await screen.findByRole('note')).toHaveTextContent('Every database here is public');
  });

  it('opens a database and goes to the funnel from "Add a database"', async () => {
    stubSession(server, { databases: [makeDatabase({ id: 'd1', name: 'Chinook' })] });
    server.on('GET /api/databases/d1', { body: makeDatabase({ id: 'd1', name: 'Chinook' }) });
    server.on('GET /api/databases/d1/schema', {
      body: { schemas: [], introspectedAt: new Date().toISOString() },
    });
    const user = userEvent.setup();
    renderApp('/databases', server.url);
    await user.click(await screen.findByRole('link', { name: /Add a database/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect a database' })).toBeInTheDocument();
  });

  it('points to the funnel and the demo database when there is none', async () => {
    stubSession(server, { databases: [] });
    renderApp('/databases', server.url);
    expect(await screen.findByText('No database is connected yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect one' })).toHaveAttribute('href', '/databases/new');
    expect(screen.getByText(/Demo shop/)).toHaveTextContent('demo-shop.sqlite');
  });
});

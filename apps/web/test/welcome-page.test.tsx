import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
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
  stubSession(server, {
    role: 'anonymous',
    databases: [
      makeDatabase({ id: 'demo', name: 'Demo shop', public: true, safe_mode: true }),
      makeDatabase({ id: 'mine', name: 'Private notes', public: false }),
      makeDatabase({ id: 'chinook', name: 'Chinook', engine: 'postgres', public: true }),
    ],
  });
});

describe('welcome page', () => {
  it('offers only the public databases, and choosing one makes it the context and opens the app', async () => {
    const user = userEvent.setup();
    renderApp('/welcome', server.url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Querent' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Public databases' });
    const cards = within(list).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Demo shop'),
      expect.stringContaining('Chinook'),
    ]);
    expect(screen.queryByText('Private notes')).toBeNull();
    // Sandbox visitors cannot connect databases of their own.
    expect(screen.queryByRole('link', { name: /connect your own database/ })).toBeNull();

    await user.click(within(list).getByRole('button', { name: /Chinook/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New chat' })).toBeInTheDocument();
    expect(useContextStore.getState().contextSelectedId).toBe('database-chinook');
  });

  it('lets a visitor sign in or sign up at any time', async () => {
    server.on('GET /api/auth', (request) => ({
      body: {
        authorization_url:
          request.query.get('signup') === 'true'
            ? 'https://idp.example.com/register'
            : 'https://idp.example.com/authorize',
      },
    }));
    const app = renderApp('/welcome', server.url);
    await userEvent.click(await screen.findByRole('button', { name: 'sign in' }));
    await vi.waitFor(() =>
      expect(app.browser.assign).toHaveBeenCalledWith('https://idp.example.com/authorize'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'sign up' }));
    await vi.waitFor(() =>
      expect(app.browser.assign).toHaveBeenCalledWith('https://idp.example.com/register'),
    );
  });
});

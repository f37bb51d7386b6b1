import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server);
  server.on('GET /api/auth', (request) => ({
    body: {
      authorization_url:
        request.query.get('signup') === 'true'
          ? 'https://idp.example.com/register'
          : 'https://idp.example.com/authorize',
    },
  }));
});

describe('login page', () => {
  it('signs in at the provider’s sign-in page and signs up at its registration page', async () => {
    const user = userEvent.setup();
    const app = renderApp('/login', server.url);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(app.browser.assign).toHaveBeenCalledTimes(2));
    expect(app.browser.assign.mock.calls).toEqual([
      ['https://idp.example.com/authorize'],
      ['https://idp.example.com/register'],
    ]);
  });
});

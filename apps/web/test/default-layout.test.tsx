import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { useThemeStore } from '../src/stores/theme-store.ts';
import { makeDatabase, personAbilitiesOf } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const member = {
  id: 'u2',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  profile_picture_url: null,
  role: 'member',
  organization_id: 'org-1',
  abilities: personAbilitiesOf('member'),
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  useThemeStore.getState().setPreference('system');
  server.on('GET /api/user', { body: member });
  server.on('GET /api/user/credits', { body: { credits_remaining: 12 } });
  server.on('GET /api/databases', { body: [] });
  server.on('GET /api/projects', { body: [] });
  server.on('GET /api/auth', { body: { authorization_url: 'https://idp.example.com/authorize' } });
  server.on('POST /api/auth/logout', { body: { logout_url: 'https://idp.example.com/logout' } });
});

async function openChat() {
  const app = renderApp('/chat/new', server.url);
  await screen.findByRole('heading', { name: 'New chat' });
  return app;
}

function touch(element: Element, type: 'touchStart' | 'touchEnd', x: number, y: number) {
  const point = { clientX: x, clientY: y };
  if (type === 'touchStart') fireEvent.touchStart(element, { touches: [point], changedTouches: [point] });
  else fireEvent.touchEnd(element, { touches: [], changedTouches: [point] });
}

describe('default layout', () => {
  it('has the navigation links of the sidebar', async () => {
    await openChat();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['New chat', '/chat/new'],
      ['Editor', '/editor'],
      ['Favorites', '/favorites'],
      ['Dashboards', '/dashboards'],
      ['Databases', '/databases'],
      ['Projects', '/projects'],
      ['Issues', '/issues'],
      ['Business entities', '/control'],
      ['Upload', '/upload'],
    ]);
  });

  it('opens the sidebar with the menu button and closes it from the backdrop', async () => {
    await openChat();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-open', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar).toHaveAttribute('data-open', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(sidebar).toHaveAttribute('data-open', 'false');
  });

  it('opens the sidebar on a right swipe and closes it on a left swipe', async () => {
    await openChat();
    // Fresh look-ups each time: lazy chunks of the chat page may still settle and re-render the tree.
    const swipe = (fromX: number, toX: number) => {
      touch(screen.getByTestId('default-layout'), 'touchStart', fromX, 300);
      touch(screen.getByTestId('default-layout'), 'touchEnd', toX, 310);
    };
    // Swiped again while waiting: a chunk settling late may mount the layout anew, forgetting the
    // first swipe (each swipe is idempotent, so a repeat cannot make a broken gesture pass).
    await waitFor(() => {
      swipe(5, 120);
      expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
    });
    await waitFor(() => {
      swipe(200, 40);
      expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
    });
  });

  it('does not open the sidebar on a short move', async () => {
    await openChat();
    const layout = screen.getByTestId('default-layout');
    touch(layout, 'touchStart', 5, 300);
    touch(layout, 'touchEnd', 30, 300);
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
  });

  it('closes the sidebar after following a link', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Databases' }));
    expect(await screen.findByRole('heading', { name: 'Databases' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
  });
});

describe('user menu', () => {
  it('shows the name, email and credits', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(menu).toHaveTextContent('grace@example.com');
    expect(within(menu).getByTestId('credits')).toHaveTextContent('12 credits');
  });

  it('hides the credits when they are unlimited', async () => {
    server.on('GET /api/user/credits', { body: { credits_remaining: null, unlimited: true } });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    expect(screen.queryByTestId('credits')).toBeNull();
  });

  it('toggles the theme system → light → dark and remembers it', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Theme: System' }));
    expect(localStorage.getItem('theme')).toBe('light');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Theme: Light' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('menuitem', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('logs out through the API and leaves for the logout URL', async () => {
    const app = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.browser.assign).toHaveBeenCalledWith('https://idp.example.com/logout'));
    expect(server.count('POST /api/auth/logout')).toBeGreaterThan(0);
  });
});

describe('user menu by role', () => {
  it('offers an administrator the people page', async () => {
    server.on('GET /api/user', { body: { ...member, role: 'admin', abilities: personAbilitiesOf('admin') } });
    const app = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'People' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/user'));
  });

  it('offers a member no people page', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    expect(screen.queryByRole('menuitem', { name: 'People' })).toBeNull();
  });

  it('offers an anonymous visitor sign-in and sign-up instead of a profile and logging out', async () => {
    server.on('GET /api/user', {
      body: {
        ...member,
        email: null,
        first_name: null,
        last_name: null,
        role: 'anonymous',
        organization_id: null,
      },
    });
    server.on('GET /api/databases', { body: [makeDatabase({ id: 'demo', public: true })] });
    useContextStore.setState({ contextSelectedId: 'database-demo', databaseId: 'demo' });
    const app = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Guest' }));
    expect(screen.queryByRole('menuitem', { name: 'Log out' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Profile' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign in' }));
    await waitFor(() => expect(app.browser.assign).toHaveBeenCalledWith('https://idp.example.com/authorize'));
    useContextStore.setState({ contextSelectedId: null, databaseId: null });
  });
});

describe('credits offer on 402', () => {
  it('shows an administrator a notification whose button leads to /subscribe', async () => {
    server.on('GET /api/user', { body: { ...member, role: 'admin', abilities: personAbilitiesOf('admin') } });
    server.on('GET /api/databases', {
      status: 402,
      body: { error: { code: 'PAYMENT_REQUIRED', message: 'No credits left' } },
    });
    const app = renderApp('/databases', server.url);
    const alert = await within(await screen.findByTestId('notifications')).findByRole('alert');
    expect(alert).toHaveTextContent('No credits left');
    fireEvent.click(within(alert).getByRole('button', { name: 'Get more credits' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/subscribe'));
  });

  it('only logs for a regular user', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server.on('GET /api/databases', {
      status: 402,
      body: { error: { code: 'PAYMENT_REQUIRED', message: 'No credits left' } },
    });
    renderApp('/databases', server.url);
    await screen.findByRole('heading', { name: 'Databases' });
    await waitFor(() => expect(log).toHaveBeenCalledWith('Regular user has insufficient credits'));
    expect(within(screen.getByTestId('notifications')).queryByRole('alert')).toBeNull();
  });
});

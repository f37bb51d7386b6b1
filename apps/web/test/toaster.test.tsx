import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationCard } from '../src/components/notification-card.tsx';
import { Toaster } from '../src/features/notifications/toaster.tsx';
import { notify, useNotificationsStore } from '../src/stores/notifications-store.ts';

function renderToaster() {
  const router = createMemoryRouter([
    { path: '/', Component: Toaster },
    { path: '/subscribe', element: <h1>Subscribe page</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const cards = () => within(screen.getByTestId('notifications')).queryAllByTestId('notification');

describe('toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('renders red cards with role alert for errors and green status cards otherwise', () => {
    renderToaster();
    act(() => {
      notify({ title: 'Broke', type: 'error', text: 'Server said no' });
      notify({ title: 'Saved', type: 'success' });
      notify({ title: 'FYI', type: 'info' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-color', 'red');
    expect(alert).toHaveTextContent('Broke');
    expect(alert).toHaveTextContent('Server said no');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((card) => card.getAttribute('data-color'))).toEqual(['green', 'green']);
  });

  it('closes a card after 3000 ms by default', () => {
    renderToaster();
    act(() => void notify({ title: 'Saved' }));
    advance(2999);
    expect(cards()).toHaveLength(1);
    advance(1);
    expect(cards()).toHaveLength(0);
  });

  it('honours a custom timeout', () => {
    renderToaster();
    act(() => void notify({ title: 'Quick', timeout: 500 }));
    advance(500);
    expect(cards()).toHaveLength(0);
  });

  it('keeps a card with timeout -1 until it is dismissed', () => {
    renderToaster();
    act(() => void notify({ title: 'Sticky', timeout: -1 }));
    advance(60_000);
    expect(cards()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(cards()).toHaveLength(0);
  });

  it('pauses the timer while hovered and resumes with the time left', () => {
    renderToaster();
    act(() => void notify({ title: 'Hover me' }));
    advance(2000);
    const card = screen.getByTestId('notification');
    fireEvent.mouseEnter(card);
    advance(10_000);
    expect(cards()).toHaveLength(1);
    fireEvent.mouseLeave(card);
    advance(999);
    expect(cards()).toHaveLength(1);
    advance(1);
    expect(cards()).toHaveLength(0);
  });

  it('pauses the timer while focus is inside the card, for keyboard users', () => {
    renderToaster();
    act(() => void notify({ title: 'Focus me' }));
    advance(2000);
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
    advance(10_000);
    expect(cards()).toHaveLength(1);
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }));
    advance(1000);
    expect(cards()).toHaveLength(0);
  });

  it('shows a progress bar from 0 to 100 and hides it at -1', () => {
    renderToaster();
    let id: string | null = null;
    act(() => {
      id = notify({ title: 'Uploading', progress: 40, timeout: -1 });
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    act(() => useNotificationsStore.getState().update(id ?? '', { progress: -1 }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the dismiss button only when dismissible', () => {
    renderToaster();
    act(() => void notify({ title: 'No close', dismissible: false }));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('groups cards by group, in order of first appearance', () => {
    renderToaster();
    act(() => {
      notify({ title: 'a1', group: 'uploads' });
      notify({ title: 'b1', group: 'queries' });
      notify({ title: 'a2', group: 'uploads' });
    });
    const sections = screen.getByTestId('notifications').querySelectorAll('section');
    expect([...sections].map((section) => section.dataset.group)).toEqual(['uploads', 'queries']);
    const firstGroup = within(sections[0] as HTMLElement).getAllByTestId('notification');
    expect(firstGroup.map((card) => card.textContent)).toEqual(['a1', 'a2']);
  });

  it('never draws more than 10 cards', () => {
    renderToaster();
    act(() => {
      for (let index = 0; index < 15; index += 1) notify({ title: `n${index}`, timeout: -1 });
    });
    expect(cards()).toHaveLength(10);
  });

  it('runs a notification action by navigating to its path', () => {
    const router = renderToaster();
    act(
      () => void notify({ title: 'Out of credits', action: { label: 'Get more credits', to: '/subscribe' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get more credits' }));
    expect(router.state.location.pathname).toBe('/subscribe');
  });
});

describe('notification card defaults', () => {
  it("uses the title 'Uploading file... (15%)' and colour blue", () => {
    render(<NotificationCard />);
    const card = screen.getByRole('status');
    expect(card).toHaveTextContent('Uploading file... (15%)');
    expect(card).toHaveAttribute('data-color', 'blue');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('clamps the bar to 0–100', () => {
    render(<NotificationCard progress={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});

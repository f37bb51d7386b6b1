import { describe, expect, it } from 'vitest';
import {
  ACTION_NOTIFICATION_TIMEOUT,
  DEFAULT_NOTIFICATION_TIMEOUT,
  MAX_NOTIFICATIONS,
  NO_PROGRESS,
  useNotificationsStore,
} from '../src/stores/notifications-store.ts';

const store = () => useNotificationsStore.getState();

describe('notifications store', () => {
  it('shows at most 10 at once and drops the rest', () => {
    expect(MAX_NOTIFICATIONS).toBe(10);
    const ids = Array.from({ length: 12 }, (_, index) => store().notify({ title: `n${index}` }));
    expect(store().notifications).toHaveLength(10);
    expect(ids.slice(0, 10).every((id) => typeof id === 'string')).toBe(true);
    expect(ids.slice(10)).toEqual([null, null]);
    expect(store().notifications.map((item) => item.title)).not.toContain('n10');
  });

  it('accepts a new one once a slot is free', () => {
    const ids = Array.from({ length: 10 }, (_, index) => store().notify({ title: `n${index}` }));
    expect(store().notify({ title: 'late' })).toBeNull();
    store().dismiss(ids[0] ?? '');
    expect(store().notify({ title: 'late' })).not.toBeNull();
    expect(store().notifications.at(-1)?.title).toBe('late');
  });

  it('fills defaults: 3000 ms timeout, no progress bar, default group, dismissible', () => {
    expect(DEFAULT_NOTIFICATION_TIMEOUT).toBe(3000);
    store().notify({ title: 'Saved' });
    expect(store().notifications[0]).toMatchObject({
      title: 'Saved',
      timeout: 3000,
      progress: NO_PROGRESS,
      group: 'default',
      type: 'success',
      dismissible: true,
    });
  });

  it('keeps a card with a button for 10 s unless told otherwise, so the button can be reached', () => {
    const action = { label: 'Open', to: '/dashboards/d1' };
    store().notify({ title: 'Pinned', action });
    store().notify({ title: 'Pinned quickly', action, timeout: 500 });
    expect(store().notifications.map((item) => item.timeout)).toEqual([ACTION_NOTIFICATION_TIMEOUT, 500]);
    expect(ACTION_NOTIFICATION_TIMEOUT).toBe(10_000);
  });

  it('updates and dismisses by id', () => {
    const id = store().notify({ title: 'Uploading', progress: 10 }) ?? '';
    store().update(id, { progress: 60 });
    expect(store().notifications[0]?.progress).toBe(60);
    store().dismiss(id);
    expect(store().notifications).toEqual([]);
  });
});

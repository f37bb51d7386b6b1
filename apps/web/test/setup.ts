import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { useNotificationsStore } from '../src/stores/notifications-store.ts';
import { useSocketStore } from '../src/stores/socket-store.ts';
import { useUserStore } from '../src/stores/user-store.ts';

// Stores are module singletons: every test starts from the same empty state.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useUserStore.getState().reset();
  useNotificationsStore.getState().clear();
  useContextStore.getState().select(null);
  useSocketStore.getState().setConnected(false);
  localStorage.clear();
});

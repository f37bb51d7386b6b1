import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { useNotificationsStore } from '../src/stores/notifications-store.ts';
import { useSocketStore } from '../src/stores/socket-store.ts';
import { useUserStore } from '../src/stores/user-store.ts';

// findBy… and waitFor give up after 1 s by default; a lazy screen on a loaded 2-core machine can
// take longer to appear. Waiting longer costs nothing when the screen is there sooner.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no showModal() or close() on <dialog>: open and close it in place, without the top
// layer or an inert page (the browser covers those in e2e).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

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

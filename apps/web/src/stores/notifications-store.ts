import { create } from 'zustand';

/** At most 10 cards at once; a card closes after 3000 ms unless told otherwise (or it has a button). */
export const MAX_NOTIFICATIONS = 10;
export const DEFAULT_NOTIFICATION_TIMEOUT = 3000;
/** A card with a button stays long enough to reach the button, on a slow machine or by keyboard. */
export const ACTION_NOTIFICATION_TIMEOUT = 10_000;
/** A timeout of -1 keeps the card until it is closed; a progress of -1 hides the bar. */
export const STICKY = -1;
export const NO_PROGRESS = -1;

export type NotificationType = 'error' | 'success' | 'info';

export interface NotificationAction {
  label: string;
  /** An app path the button navigates to. */
  to: string;
}

export interface AppNotification {
  id: string;
  group: string;
  title: string;
  text?: string;
  type: NotificationType;
  /** 0–100, or NO_PROGRESS. */
  progress: number;
  dismissible: boolean;
  /** Milliseconds before it closes itself, or STICKY. */
  timeout: number;
  action?: NotificationAction;
}

export type NotifyInput = Partial<Omit<AppNotification, 'id' | 'title'>> & { title: string };

interface NotificationsState {
  notifications: AppNotification[];
  /** Adds a card; returns its id, or null when MAX_NOTIFICATIONS are already shown (it is dropped). */
  notify: (input: NotifyInput) => string | null;
  update: (id: string, patch: Partial<Omit<AppNotification, 'id'>>) => void;
  dismiss: (id: string) => void;
  clear: () => void;
}

let nextId = 0;

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  notifications: [],
  notify(input) {
    if (get().notifications.length >= MAX_NOTIFICATIONS) return null;
    nextId += 1;
    const notification: AppNotification = {
      group: 'default',
      type: 'success',
      progress: NO_PROGRESS,
      dismissible: true,
      timeout: input.action ? ACTION_NOTIFICATION_TIMEOUT : DEFAULT_NOTIFICATION_TIMEOUT,
      ...input,
      id: `notification-${nextId}`,
    };
    set((state) => ({ notifications: [...state.notifications, notification] }));
    return notification.id;
  },
  update(id, patch) {
    set((state) => ({
      notifications: state.notifications.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    }));
  },
  dismiss(id) {
    set((state) => ({ notifications: state.notifications.filter((item) => item.id !== id) }));
  },
  clear() {
    set({ notifications: [] });
  },
}));

/** Shorthand for code outside React. */
export function notify(input: NotifyInput): string | null {
  return useNotificationsStore.getState().notify(input);
}

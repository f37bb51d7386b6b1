import { create } from 'zustand';
import { safeStorage } from '../lib/safe-storage.ts';

export type ThemePreference = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const order: ThemePreference[] = ['system', 'light', 'dark'];

function storedPreference(): ThemePreference {
  const value = safeStorage.getItem(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

interface ThemeState {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
  /** The toggle in the user menu walks system → light → dark → system. */
  cycle: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  preference: storedPreference(),
  setPreference(preference) {
    if (preference === 'system') safeStorage.removeItem(THEME_STORAGE_KEY);
    else safeStorage.setItem(THEME_STORAGE_KEY, preference);
    set({ preference });
  },
  cycle() {
    const index = order.indexOf(get().preference);
    get().setPreference(order[(index + 1) % order.length] ?? 'system');
  },
}));

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function isDarkTheme(preference: ThemePreference): boolean {
  return preference === 'dark' || (preference === 'system' && systemPrefersDark());
}

/** Puts the `dark` class on <html> now and whenever the preference or the system setting changes. */
export function applyTheme(root: HTMLElement = document.documentElement): () => void {
  const paint = () => root.classList.toggle('dark', isDarkTheme(useThemeStore.getState().preference));
  paint();
  const unsubscribe = useThemeStore.subscribe(paint);
  const media =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', paint);
  return () => {
    unsubscribe();
    media?.removeEventListener('change', paint);
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountOnNextFrame } from '../src/app/mount.ts';
import { applyTheme, useThemeStore } from '../src/stores/theme-store.ts';

const indexHtml = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');

describe('index.html', () => {
  it('carries the product name as page title and its description', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    expect(page.title).toBe('Querent');
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Explore your data with Querent!',
    );
  });

  it('ships a loading placeholder inside #root', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const status = page.querySelector('#root [role="status"]');
    expect(status?.textContent).toContain('Loading…');
  });
});

describe('mounting', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the placeholder until the first animation frame, then renders the app', async () => {
    document.body.innerHTML = '<div id="root"><div role="status">Loading…</div></div>';
    const container = document.getElementById('root') as HTMLElement;
    let frame: (() => void) | null = null;
    const mounted = mountOnNextFrame(container, <h1>App</h1>, (callback) => {
      frame = callback;
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).toBeNull();
    act(() => frame?.());
    const root = await mounted;
    expect(screen.getByRole('heading', { name: 'App' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => root.unmount());
  });
});

describe('theme', () => {
  afterEach(() => useThemeStore.getState().setPreference('system'));

  it('follows the system by default and applies a chosen theme as a class on <html>', () => {
    const root = document.createElement('html');
    const stop = applyTheme(root);
    expect(useThemeStore.getState().preference).toBe('system');
    expect(root.classList.contains('dark')).toBe(false);
    useThemeStore.getState().setPreference('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    useThemeStore.getState().setPreference('light');
    expect(root.classList.contains('dark')).toBe(false);
    stop();
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

describe('built web app', () => {
  const dist = makeTempDir('querent-dist-');
  let running: RunningApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist.dir, 'assets'));
    writeFileSync(path.join(dist.dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dist.dir, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
    writeFileSync(path.join(dist.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    running = await startTestApp({ WEB_DIST_DIR: dist.dir });
  });

  afterAll(async () => {
    await running.stop();
    dist.remove();
  });

  it('serves index.html at the root, never cached', async () => {
    const response = await fetch(`${running.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(indexHtml);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const route of ['/chat/new', '/query/42', '/databases/abc/edit', '/control?x=1']) {
      const response = await fetch(`${running.baseUrl}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
    const head = await fetch(`${running.baseUrl}/chat/new`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('caches hashed assets forever and other files not at all', async () => {
    const asset = await fetch(`${running.baseUrl}/assets/app-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('console.log');
    const icon = await fetch(`${running.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('reads a doubled slash as one, for the API and the app alike', async () => {
    const health = await fetch(`${running.baseUrl}//api/health`);
    expect(health.status).toBe(200);
    const page = await fetch(`${running.baseUrl}//chat/new`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(indexHtml);
  });

  it('answers a missing asset with 404, not the app', async () => {
    const response = await fetch(`${running.baseUrl}/assets/gone-123.js`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('never falls back to HTML under /api', async () => {
    for (const route of ['/api/nope', '/api', '/api/chat/new']) {
      const response = await fetch(`${running.baseUrl}${route}`);
      expect(response.status, route).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('web app not built', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startTestApp();
  });

  afterAll(async () => {
    await running.stop();
  });

  it('answers app routes with a 503 page that says how to build', async () => {
    for (const route of ['/', '/chat/new']) {
      const response = await fetch(`${running.baseUrl}${route}`);
      expect(response.status, route).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain('not built');
      expect(page).toContain('npm run build');
    }
  });

  it('keeps the API working', async () => {
    expect((await fetch(`${running.baseUrl}/api/health`)).status).toBe(200);
    const missing = await fetch(`${running.baseUrl}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

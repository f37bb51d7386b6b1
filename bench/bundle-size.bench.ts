// Gzipped JavaScript the browser actually loads for /chat/new, and the lazy editor chunk on its own.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { startQuerent } from './server-process.ts';

// apps/web/test/first-load-size.test.ts holds the build to the same budget in the test suite.
const budgetBytes = 150 * 1024;
const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function scriptsLoadedBy(page: Page, url: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const onResponse = async (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
  };
  page.on('response', (response) => void onResponse(response));
  // Not 'networkidle': the socket's long-polling request keeps the network busy for good.
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(500);
  page.removeAllListeners('response');
  return sizes;
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function benchBundleSize() {
  const server = await startQuerent(3270);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const base = 'http://127.0.0.1:3270';
    const chat = await scriptsLoadedBy(await browser.newPage(), `${base}/chat/new`);
    const editorPage = await browser.newPage();
    const editorOnly = await scriptsLoadedBy(editorPage, `${base}/editor`);
    for (const path of chat.keys()) editorOnly.delete(path);
    return [
      {
        benchmark: 'gzipped JS loaded for /chat/new',
        querent: kb(sum(chat)),
        baseline: `${kb(budgetBytes)} budget`,
        ratio: (sum(chat) / budgetBytes).toFixed(2),
        target: '< 1.00',
      },
      {
        benchmark: 'lazy chunks added by /editor',
        querent: kb(sum(editorOnly)),
        baseline: `${editorOnly.size} file(s) not loaded by /chat/new`,
        ratio: '-',
        target: 'separate chunk',
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

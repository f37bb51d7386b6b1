import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeEndpointsEnv, fakesProcessEnv, fakesReadyLine } from './fake-engines.ts';
import { dataDirEnv } from './store.ts';

// Debian's Chromium, never a downloaded browser; these flags keep it off the (absent) network.
const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const port = Number(process.env.E2E_PORT ?? 3199);
// Workers load this file again: the variable set on the first load keeps them on the server's
// directory, where specs seed what no API creates (store.ts).
const inheritedDataDir = process.env[dataDirEnv];
const dataDir = inheritedDataDir ?? mkdtempSync(join(tmpdir(), 'querent-e2e-'));
process.env[dataDirEnv] = dataDir;
// The runner process made the directory, so it removes it as it exits, after the servers stopped.
if (inheritedDataDir === undefined) {
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Spec files run two at a time (a spec's tests stay in order): the local specs share one server
  // and each works on objects of its own, the hosted ones start their own servers. npm test runs
  // this beside Vitest and the static checks, so the timeouts are hang guards for a busy machine.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 150_000,
  expect: { timeout: 15_000 },
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Numbers and dates read in the browser's language: one fixed language keeps the specs exact.
    locale: 'en-US',
    // Recording a trace costs about a third of the suite's CPU even when it is thrown away, so it
    // is off unless asked for (E2E_TRACE=retain-on-failure); a failure still leaves its page's
    // accessibility snapshot (error-context.md) and a screenshot.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  // Started in order: the Snowflake and BigQuery fakes first, so the server finds them at its
  // configured endpoints from its first connection on.
  webServer: [
    {
      name: 'fakes',
      command: 'node fakes-setup.ts',
      wait: { stdout: new RegExp(fakesReadyLine) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // SIGTERM lets the fakes delete their Chinook copies.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: fakesProcessEnv(),
    },
    {
      // As `npm start` runs it: the server bundle, built first if missing or older than the
      // sources (npm test's build lane has built it with the web app by then).
      command: 'node ../scripts/start.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...fakeEndpointsEnv,
      },
    },
  ],
});

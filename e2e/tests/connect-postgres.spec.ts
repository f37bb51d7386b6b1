import { expect, test } from '@playwright/test';
import { chinookPostgresServer } from '../global-setup.ts';

const server = chinookPostgresServer();

// Port 1 is privileged and unused here: the connection is refused at once instead of timing out.
const closedPort = '1';

test.skip(server === null, 'PostgreSQL is not reachable on this machine');

test('the setup funnel connects the PostgreSQL Chinook, names a wrong port and saves safe mode', async ({
  page,
}) => {
  if (server === null) return;
  const name = `Chinook PostgreSQL ${test.info().testId.slice(0, 6)}`;

  await page.goto('/setup');
  await page.getByRole('button', { name: 'PostgreSQL', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connect PostgreSQL' })).toBeVisible();
  // The engine's default port is filled in for the user.
  await expect(page.getByLabel('Port')).toHaveValue('5432');

  await page.getByLabel('Host').fill(server.host);
  await page.getByLabel('Port').fill(closedPort);
  await page.getByLabel('User').fill(server.user);
  await page.getByLabel('Database').fill(server.database);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Test connection' }).click();

  // The server's own words, under the buttons, with the form left as typed.
  const failure = page.getByRole('alert').filter({ hasText: 'Connection failed:' });
  await expect(failure).toContainText(
    `Cannot reach ${server.host}:${closedPort} — is the server running and the port right?`,
  );
  await expect(page).toHaveURL(/\/setup\?engine=postgres$/);
  await expect(page.getByLabel('Database')).toHaveValue(server.database);

  // Changing a detail clears the verdict about the old one.
  await page.getByLabel('Port').fill(String(server.port));
  await expect(failure).toHaveCount(0);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();
  // The test login is a superuser: said plainly, with the grants of a read-only role instead.
  const power = page.getByRole('status', { name: 'Credentials more powerful than reading needs' });
  await expect(power).toContainText('is a superuser');
  await expect(power).toContainText('GRANT SELECT ON ALL TABLES IN SCHEMA public TO querent_reader;');

  const safeMode = page.getByRole('switch', { name: 'Safe mode (read-only)' });
  await expect(safeMode).not.toBeChecked();
  await safeMode.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  const selector = page.getByTestId('context-selector');
  await expect(selector.locator('option:checked')).toHaveText(name);
  const id = (await selector.inputValue()).replace(/^database-/, '');

  // Stored as set: the API, the list's badge and the edit form agree.
  const stored = await page.request.get(`/api/databases/${id}`);
  expect(stored.ok()).toBe(true);
  expect(await stored.json()).toMatchObject({ engine: 'postgres', safe_mode: true, name });

  await page.goto('/databases');
  const entry = page.getByRole('list', { name: 'Databases' }).getByRole('link').filter({ hasText: name });
  await expect(entry).toContainText('PostgreSQL');
  await expect(entry).toContainText('Safe mode');
  await entry.click();
  await expect(page.getByRole('switch', { name: 'Safe mode (read-only)' })).toBeChecked();
  await expect(page.getByLabel('Port')).toHaveValue(String(server.port));

  // It is the real Chinook, and safe mode holds: a write is refused (this one would change nothing anyway).
  const count = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: 'SELECT count(*) AS tracks FROM track' },
  });
  expect(count.ok()).toBe(true);
  expect(await count.json()).toMatchObject({
    columns: [{ name: 'tracks' }],
    rows: [[3503]],
    truncated: false,
  });
  const write = await page.request.post('/api/query/_run', {
    data: { databaseId: id, query: 'DELETE FROM track WHERE false' },
  });
  expect(write.status()).toBe(400);
  expect(await write.text()).toContain('Safe mode is on');

  // Turned off on the edit page, it stays off after a reload.
  await page.getByRole('switch', { name: 'Safe mode (read-only)' }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('notifications')).toContainText(`${name} was updated.`);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Safe mode (read-only)' })).not.toBeChecked();
  expect(await (await page.request.get(`/api/databases/${id}`)).json()).toMatchObject({ safe_mode: false });
});

// Steps the specs share: what a user sees after saving a database, where they find it, when they can send.
import { expect, type Page } from '@playwright/test';

/** The schema browser's line for one table, matched on its whole name (Track, not PlaylistTrack). */
export function schemaTable(page: Page, name: string) {
  return page.getByTestId('schema-table').filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** Saving makes the new database the context, persisted in local storage; answers its id. */
export async function expectSelectedDatabase(page: Page, name: string): Promise<string> {
  const selector = page.getByTestId('context-selector');
  await expect(selector.locator('option:checked')).toHaveText(name);
  const selected = await selector.inputValue();
  expect(selected).toMatch(/^database-/);
  const id = selected.slice('database-'.length);
  expect(await page.evaluate(() => localStorage.getItem('databaseId'))).toBe(id);
  return id;
}

/** Finds the database in /databases under its engine's name and opens its edit page. */
export async function openFromDatabaseList(page: Page, name: string, engineName: string, id: string) {
  await page.goto('/databases');
  const entry = page.getByRole('list', { name: 'Databases' }).getByRole('link').filter({ hasText: name });
  await expect(entry).toContainText(engineName);
  await entry.click();
  await expect(page).toHaveURL(`/databases/${id}`);
}

/**
 * Waits for the live connection: sending before it is up is refused by design ('Socket is
 * disconnected'), and the disconnected banner only shows after a grace period, so its absence
 * proves nothing in the page's first moments.
 */
export async function expectConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('default-layout')).toHaveAttribute('data-socket', 'connected');
}

// Steps the setup-funnel specs share: what a user sees after saving a database, and where they find it.
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

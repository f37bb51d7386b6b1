import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { openServerStore } from '../store.ts';

/** The Demo shop's id: the database the app selects on a fresh data directory. */
async function demoShopId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/databases');
  const databases = (await response.json()) as { id: string; name: string }[];
  const demo = databases.find((database) => database.name === 'Demo shop');
  if (!demo) throw new Error('the Demo shop database is missing');
  return demo.id;
}

interface SeededIssue {
  title: string;
  description: string | null;
  severity: string;
  status: string;
  /** Linked to the seeded business entity. */
  linked?: true;
  queryId?: string;
}

/**
 * No route creates issues (the analyst's quality checks do): the spec writes a business entity and
 * its issues into the running server's store, as those checks would.
 */
function seedIssues(databaseId: string, entityName: string, issues: SeededIssue[]): void {
  const store = openServerStore();
  try {
    const now = new Date().toISOString();
    const entityId = randomUUID();
    store
      .prepare(
        'INSERT INTO business_entities (id, database_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(entityId, databaseId, entityName, now, now);
    const insert = store.prepare(
      `INSERT INTO issues (id, database_id, business_entity_id, title, description, severity, status, query_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const issue of issues) {
      insert.run(
        randomUUID(),
        databaseId,
        issue.linked ? entityId : null,
        issue.title,
        issue.description,
        issue.severity,
        issue.status,
        issue.queryId ?? null,
        now,
        now,
      );
    }
  } finally {
    store.close();
  }
}

test('issues: open ones by default with entity and query, search, resolve in place through PUT, kept after reload', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  const tag = test.info().testId.slice(0, 6);
  const created = await page.request.post('/api/query', {
    data: {
      title: `Duplicate customers ${tag}`,
      sql: 'SELECT email, COUNT(*) FROM customers GROUP BY email',
      databaseId,
    },
  });
  expect(created.status()).toBe(201);
  const { id: queryId } = (await created.json()) as { id: string };
  const open = `Duplicate customer e-mails ${tag}`;
  const resolved = `Negative order totals ${tag}`;
  seedIssues(databaseId, `Customer ${tag}`, [
    {
      title: open,
      description: 'Several customers share one address',
      severity: 'high',
      status: 'open',
      linked: true,
      queryId,
    },
    { title: resolved, description: null, severity: 'critical', status: 'resolved' },
  ]);

  await page.goto('/issues');
  await page.getByTestId('context-selector').selectOption(`database-${databaseId}`);
  const row = page.getByRole('article', { name: open });
  await expect(row).toContainText('Several customers share one address');
  await expect(row).toContainText(`Customer ${tag}`);
  await expect(row.getByRole('combobox', { name: `Severity of ${open}` })).toHaveValue('high');
  await expect(row.getByRole('link', { name: 'Open the query' })).toHaveAttribute(
    'href',
    `/query/${queryId}`,
  );
  await expect(page.getByRole('article', { name: resolved })).toHaveCount(0);

  await row.getByRole('link', { name: 'Open the query' }).click();
  await expect(page).toHaveURL(new RegExp(`/query/${queryId}$`));
  await expect(page.getByLabel('Title')).toHaveValue(`Duplicate customers ${tag}`);
  await page.goBack();

  await page.getByRole('button', { name: /^All/ }).click();
  await expect(page.getByRole('article', { name: resolved })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search issues' }).fill('share one ADDRESS');
  await expect(page.getByRole('list', { name: 'Issues' }).getByRole('article')).toHaveCount(1);
  await expect(row).toBeVisible();

  const put = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes('/api/issues/'),
  );
  const answer = page.waitForResponse((response) => response.request().method() === 'PUT');
  await row.getByRole('combobox', { name: `Status of ${open}` }).selectOption('resolved');
  const body = (await put).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    title: open,
    severity: 'high',
    status: 'resolved',
    query_id: queryId,
    editable: true,
    abilities: { edit: true },
  });
  expect(Object.keys(body).sort()).toEqual(
    [
      'abilities',
      'business_entity_id',
      'check_id',
      'createdAt',
      'databaseId',
      'description',
      'dismissed_reason',
      'editable',
      'evidence',
      'id',
      'last_seen_at',
      'observed',
      'occurrences',
      'origin',
      'query_id',
      'severity',
      'status',
      'title',
      'updatedAt',
    ].sort(),
  );
  expect((await answer).ok()).toBe(true);

  // Stored: after a reload it is gone from the default list and listed as resolved under All.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Open and in progress/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('article', { name: open })).toHaveCount(0);
  await page.getByRole('button', { name: /^All/ }).click();
  await expect(page.getByRole('combobox', { name: `Status of ${open}` })).toHaveValue('resolved');
});

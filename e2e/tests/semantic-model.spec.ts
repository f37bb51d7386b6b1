import { expect, test } from '@playwright/test';

/** The Demo shop's id: the database the app selects on a fresh data directory. */
async function demoShopId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.get('/api/databases');
  const databases = (await response.json()) as { id: string; name: string }[];
  const demo = databases.find((database) => database.name === 'Demo shop');
  if (!demo) throw new Error('the Demo shop database is missing');
  return demo.id;
}

test('a database’s semantic model page: propose from the schema, accept, certify a metric and see the badge', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  await page.goto(`/databases/${databaseId}`);
  await page.getByRole('link', { name: 'Semantic model' }).click();
  await expect(page).toHaveURL(new RegExp(`/databases/${databaseId}/semantic-model$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Semantic model' })).toBeVisible();

  await page.getByRole('button', { name: 'Propose from the schema' }).click();
  const banner = page.getByRole('region', { name: 'Proposal' });
  await expect(banner).toContainText('proposed 5 datasets');
  await banner.getByRole('button', { name: 'Accept proposal' }).click();
  await expect(banner).toHaveCount(0);

  const metrics = page.getByRole('region', { name: 'Metrics' });
  const orderCount = metrics.getByRole('listitem', { name: 'Metric order_count' });
  await expect(orderCount).toBeVisible();
  await expect(page.getByRole('region', { name: 'Datasets' })).toContainText('Customer');
  await orderCount.getByRole('button', { name: 'Certify' }).click();
  await expect(orderCount).toContainText(/Certified by Local Administrator on \w+ \d+, \d{4}/);
  await expect(orderCount.getByRole('button', { name: 'Withdraw certification' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('certified metric order_count');

  // What the page shows is what was saved.
  await page.reload();
  await expect(metrics.getByRole('listitem', { name: 'Metric order_count' })).toContainText(
    'Certified by Local Administrator',
  );
});

test('a database’s semantic model exported as OSI YAML and imported back: the banner, then accepted', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  await page.goto(`/databases/${databaseId}/semantic-model`);
  const metrics = page.getByRole('region', { name: 'Metrics' });
  // The model the first test saved (and certified a metric of).
  await expect(metrics.getByRole('listitem', { name: 'Metric order_count' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as OSI YAML' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Demo-shop-semantic-model.osi.yaml');
  const yamlPath = await download.path();

  await page.getByRole('button', { name: 'Import…' }).click();
  const form = page.getByRole('form', { name: 'Import a semantic model' });
  // Keyboard: the panel opens on the format, a radio group chosen with the arrow keys.
  await expect(form.getByRole('radio', { name: 'dbt semantic models and metrics' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Open Semantic Interchange (OSI) YAML' })).toBeChecked();
  await form.getByLabel('File').setInputFiles(yamlPath);
  await form.getByRole('button', { name: 'Import' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Imported as a proposal' })).toContainText(
    'Everything converted',
  );
  const banner = page.getByRole('region', { name: 'Proposal' });
  await expect(banner).toContainText('imported 5 datasets');
  await banner.getByRole('button', { name: 'Accept, replacing same-named items' }).click();
  await expect(banner).toHaveCount(0);
  // The same definitions came back: the certification stands.
  await expect(metrics.getByRole('listitem', { name: 'Metric order_count' })).toContainText(
    'Certified by Local Administrator',
  );
});

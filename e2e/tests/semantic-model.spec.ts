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

interface ModelState {
  version: number;
  model: { metrics: { name: string; type: string; label: string | null }[] } & Record<string, unknown>;
}

test('a proposal accepted in part, then an old version read from the history, linked to, and restored', async ({
  page,
}) => {
  const databaseId = await demoShopId(page.request);
  const path = `/api/databases/${databaseId}/semantic-model`;
  // Someone removes two metrics (as the JSON editor would), so a new proposal has them to offer.
  const saved = (await (await page.request.get(path)).json()) as ModelState;
  const dropped = saved.model.metrics
    .filter((metric) => metric.type === 'simple' && metric.name !== 'order_count')
    .slice(-2)
    .map((metric) => metric.name);
  expect(dropped).toHaveLength(2);
  const [skipped = '', taken = ''] = dropped;
  const removal = await page.request.put(path, {
    data: {
      version: saved.version,
      model: {
        ...saved.model,
        metrics: saved.model.metrics.filter((metric) => !dropped.includes(metric.name)),
      },
    },
  });
  expect(removal.status()).toBe(200);
  const removedIn = saved.version + 1;

  await page.goto(`/databases/${databaseId}/semantic-model`);
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics.getByRole('listitem', { name: `Metric ${taken}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Propose from the schema' }).click();
  const banner = page.getByRole('region', { name: 'Proposal' });
  await banner.getByRole('button', { name: 'Review items…' }).click();

  const review = page.getByRole('form', { name: 'Review the proposal' });
  const proposedMetrics = review.getByRole('group', { name: /^Metrics/ });
  // What the model has is marked; the two removed metrics are new again.
  await expect(proposedMetrics.getByRole('checkbox', { name: /\border_count$/ })).toHaveAccessibleDescription(
    /^In the model: kept as it is/,
  );
  const skippedBox = proposedMetrics.getByRole('checkbox', { name: new RegExp(`\\b${skipped}$`) });
  await expect(skippedBox).toBeChecked();
  await expect(skippedBox).not.toHaveAccessibleDescription(/In the model/);
  // The keyboard: Space unticks the focused box.
  await skippedBox.focus();
  await page.keyboard.press('Space');
  await expect(skippedBox).not.toBeChecked();
  await review.getByRole('button', { name: 'Accept selected' }).click();
  await expect(banner).toHaveCount(0);
  await expect(metrics.getByRole('listitem', { name: `Metric ${taken}` })).toBeVisible();
  await expect(metrics.getByRole('listitem', { name: `Metric ${skipped}` })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`Version ${removedIn + 1} (current)`);
  await expect(history).toContainText(`added metric ${taken}`);

  // The version that removed the two metrics, read-only, with what it changed.
  await history.getByRole('link', { name: `Version ${removedIn}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/semantic-model\\?version=${removedIn}$`));
  const view = page.getByRole('region', { name: `Version ${removedIn}` });
  const heading = view.getByRole('heading', {
    name: new RegExp(`^Version ${removedIn}, saved by Local Administrator on \\w+ \\d+, \\d{4}$`),
  });
  await expect(heading).toBeFocused();
  await expect(view.getByRole('list', { name: 'Changed items' })).toContainText(
    `Removed metrics: ${dropped.join(', ')}`,
  );
  await expect(view.getByRole('button', { name: 'Certify' })).toHaveCount(0);

  // The address keeps the version: a reload (or a shared link) opens it again.
  await page.reload();
  await expect(heading).toBeVisible();

  // The version before it still had both metrics: restored as the newest version.
  await history.getByRole('link', { name: `Version ${saved.version}`, exact: true }).click();
  const before = page.getByRole('region', { name: `Version ${saved.version}` });
  await expect(before.getByRole('listitem', { name: `Metric ${skipped}` })).toBeVisible();
  await before.getByRole('button', { name: `Restore version ${saved.version}` }).click();
  await expect(page).toHaveURL(new RegExp(`/semantic-model$`));
  await expect(metrics.getByRole('listitem', { name: `Metric ${skipped}` })).toBeVisible();
  await expect(history).toContainText(`Version ${removedIn + 2} (current)`);
  await expect(history).toContainText(`added metric ${skipped}`);
});

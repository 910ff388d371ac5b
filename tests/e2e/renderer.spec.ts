import { expect, test } from '@playwright/test';

test('the renderer starts in a real browser and renders its shell without CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Reseller Desk' })).toBeVisible();
  await expect(page.getByTestId('host')).toHaveText('Running in: browser');
  expect(problems).toEqual([]);
});

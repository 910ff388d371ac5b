/**
 * The accessibility check itself (tests/e2e/fixtures/axe.ts) can fail: a planted low-contrast paragraph and an
 * image without words are found, each rule where it applies, and axe put in the page survives its reloads.
 */
import { seriousViolations, seriousViolationsIn } from './fixtures/axe';
import { expect, openApp, test } from './fixtures/web-host';

test('finds planted violations: every rule in light, the colour rules in dark, only inside what it is asked to look at', async ({ page, webHost }) => {
  await openApp(page, webHost);
  await expect(page.locator('h1').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const faint = Object.assign(document.createElement('p'), { id: 'faint', textContent: 'Faint words' });
    faint.style.cssText = 'color: #eee; background: #fff';
    const image = Object.assign(document.createElement('img'), { id: 'wordless', src: 'data:,' });
    main.append(faint, image);
  });
  const contrast = expect.stringMatching(/^color-contrast \(serious\): .* — #faint$/);
  const alt = expect.stringMatching(/^image-alt \(critical\): .* — #wordless$/);
  expect(await seriousViolations(page)).toEqual([contrast, alt]);
  expect(await seriousViolationsIn('light', page)).toEqual([contrast, alt]);
  expect(await seriousViolationsIn('dark', page)).toEqual([contrast]);
  expect(await seriousViolations(page, '#faint')).toEqual([contrast]);
  expect(await seriousViolations(page, 'nav')).toEqual([]);

  // A reload takes axe out of the page with everything else: the check puts it back.
  await page.reload();
  await expect(page.locator('h1').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

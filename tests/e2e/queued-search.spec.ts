/**
 * Queued records are searchable the moment they are queued and stay so (issue 35.9): a contact just added, and 50
 * imported at once, are found by search from the call that queued them on, through their sending and the sync
 * that brings them into the mirror, never "Nothing matches" in between.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';

test.describe.configure({ mode: 'serial' });

/** Searches `text` through the page's bridge every 50 ms for `ms`: the number of contacts each search found. */
async function searchedThroughout(page: Page, text: string, ms: number): Promise<number[]> {
  return page.evaluate(
    async ({ text, ms }) => {
      const seen: number[] = [];
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const reply = await window.desk.invoke('data.search', { text, limit: 100 });
        if (!reply.ok) throw new Error(reply.error.message);
        seen.push((reply.value as { resource: string }[]).filter((hit) => hit.resource === 'contacts').length);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return seen;
    },
    { text, ms },
  );
}

test('a contact just added is found by search from its queueing through its sending and the next sync', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await invoke(page, 'outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Quillon', lastname: 'Vantablack', email: 'quillon@example.com' } });
  const seen = await searchedThroughout(page, 'vantablack', 6_000);
  expect(seen.filter((n) => n !== 1), `searches that did not find the contact exactly once: ${seen.join('')}`).toEqual([]);
  const [entry] = await invoke(page, 'outbox.list', { kind: 'add-contact' });
  expect(entry?.state).toBe('done');

  // As a person finds it: the palette, once the provider has it.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('vantablack');
  await expect(page.getByRole('option').filter({ hasText: 'Quillon Vantablack' })).toHaveCount(1);
  await page.keyboard.press('Escape');
});

test('50 contacts imported at once are all found by search throughout their sending', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const entries = Array.from({ length: 50 }, (_, i) => ({
    kind: 'add-contact' as const,
    params: { firstname: `Imported${i}`, lastname: 'Zephyrine', email: `zephyrine-${i}@example.com` },
  }));
  await invoke(page, 'outbox.enqueueAll', { mutations: entries });
  const seen = await searchedThroughout(page, 'zephyrine', 8_000);
  expect(seen.filter((n) => n !== 50), 'searches that did not find all 50').toEqual([]);
});

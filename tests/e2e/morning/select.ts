/**
 * The reseller's morning, the selection's part (issue 23): on the Contacts list, 50 contacts selected from the
 * keyboard (fewer when the account has fewer, keeping two back), Edit N selected… with the city set and the
 * support e-mails cleared (an e-mail preference: the provider lets those be cleared, unlike a text field), the
 * preview looked at, then queued; then two other contacts deleted, confirmed by name. The check reads the
 * provider's contacts back through a sync and finds each edit and deletion there, queued once each.
 */
import { expect, type Page } from '@playwright/test';
import { deskCall } from '../fixtures/desk-call.js';
import type { MorningContext, MorningStep } from './step.js';

const CITY = 'Trieste';
const WANTED = 50;

type Contact = { id: number | string; firstName: string; lastName: string; city: string; supportEmails: boolean; pending: string | null };
type Entry = { kind: string; state: string; params: Record<string, unknown> };

async function contacts(page: Page): Promise<Contact[]> {
  const rows: Contact[] = [];
  let after: string | null = null;
  do {
    const listed: { rows: Contact[]; nextCursor: string | null } = await deskCall(page, 'data.list', { resource: 'contacts', after, limit: 1000 });
    rows.push(...listed.rows);
    after = listed.nextCursor;
  } while (after !== null);
  return rows;
}

/** The first run of rows, in the list's order, with nothing queued on them (a queued create comes first). */
function untouchedRun(rows: Contact[]): { start: number; run: Contact[] } {
  const start = rows.findIndex((r) => r.pending === null && typeof r.id === 'number');
  const run = rows.slice(start);
  const end = run.findIndex((r) => r.pending !== null || typeof r.id !== 'number');
  return { start, run: end === -1 ? run : run.slice(0, end) };
}

const rowAt = (page: Page, index: number) => page.getByRole('grid').locator(`[role="row"][data-index="${index}"]`);

/** Presses a key on the grid and waits for the row it moves to to have the focus (the list scrolls to it). */
async function pressTo(page: Page, key: string, index: number): Promise<void> {
  await page.keyboard.press(key);
  await expect(rowAt(page, index)).toBeFocused();
}

/** Moves the grid's active row to an index with the keyboard. */
async function focusRow(page: Page, index: number): Promise<void> {
  await rowAt(page, 0).focus();
  await pressTo(page, 'Home', 0);
  for (let i = 1; i <= index; i++) await pressTo(page, 'ArrowDown', i);
}

export const selectStep: MorningStep = {
  name: 'edit 50 selected contacts after the preview, delete two',

  async act({ page, notes }: MorningContext) {
    await page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true }).click();
    const grid = page.getByRole('grid');
    await expect(grid.locator('[role="row"][aria-rowindex="2"] input[type="checkbox"]')).toBeVisible({ timeout: 20_000 });
    const { start, run } = untouchedRun(await contacts(page));
    const count = Math.min(WANTED, run.length - 2);
    expect(count).toBeGreaterThan(0);
    const edited = run.slice(0, count);
    const deleted = run.slice(count, count + 2);

    // Space ticks the first, Shift+↓ extends the range to the 50th.
    await focusRow(page, start);
    await page.keyboard.press('Space');
    for (let i = 1; i < count; i++) await pressTo(page, 'Shift+ArrowDown', start + i);
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await expect(bar).toContainText(`${count} selected`);

    await bar.getByRole('button', { name: `Edit ${count} selected…` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'City', exact: true }).selectOption('set');
    await dialog.getByRole('textbox', { name: 'New City' }).fill(CITY);
    await dialog.getByRole('combobox', { name: 'Support', exact: true }).selectOption('clear');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    // The preview: every contact, before → after; none left out.
    const preview = dialog.getByRole('list', { name: 'Each contact before and after' });
    await expect(preview).toBeVisible();
    const changing = edited.filter((c) => c.city !== CITY || c.supportEmails);
    await expect(dialog).toContainText(`${changing.length} to change · 0 left out · ${count - changing.length} already as asked`);
    const first = edited.find((c) => c.city !== CITY)!;
    await expect(preview.getByRole('listitem').filter({ hasText: `${first.firstName} ${first.lastName}` }).first()).toContainText(`→ ${CITY}`);
    await dialog.getByRole('button', { name: `Queue ${changing.length} edit${changing.length === 1 ? '' : 's'}` }).click();
    await expect(dialog).toHaveCount(0);
    await expect(bar).toHaveCount(0);

    // Two others, deleted: the next two rows, ticked by their checkboxes once the list shows the queued edits
    // (the last one edited is in view: the list is where the selection ended), confirmed by name.
    await expect(grid.locator(`[role="row"][data-index="${start + count - 1}"].pending`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const [i, c] of deleted.entries()) {
      const box = grid.getByRole('checkbox', { name: `Select ${c.firstName} ${c.lastName}`, exact: true });
      // Scrolled into view first: rows are recycled as the list scrolls, and a click that scrolls its own target
      // lands on whichever row the element then shows (a person clicks what is in view).
      await box.scrollIntoViewIfNeeded();
      await expect(box).toBeInViewport();
      await box.click();
      await expect(box).toBeChecked();
      await expect(bar).toContainText(`${i + 1} selected`);
    }
    await bar.getByRole('button', { name: 'Delete 2 selected…' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('list', { name: 'The contacts to delete' }).getByRole('listitem')).toHaveText(deleted.map((c) => `${c.firstName} ${c.lastName}`));
    await confirm.getByRole('button', { name: 'Delete 2 contacts' }).click();
    await expect(confirm).toHaveCount(0);

    notes.set('select.edited', changing.map((c) => c.id));
    notes.set('select.deleted', deleted.map((c) => c.id));
    await page.evaluate(() => (location.hash = '#/'));
  },

  async check({ page, notes }: MorningContext) {
    const edited = notes.get('select.edited') as number[];
    const deleted = notes.get('select.deleted') as number[];
    // The provider's contacts, as a sync brings them back (nothing is queued any more: this is its truth).
    await deskCall(page, 'sync.run', { only: ['contacts'] });
    const byId = new Map((await contacts(page)).map((c) => [c.id, c]));
    for (const id of edited) {
      expect(byId.get(id), `contact ${id}`).toMatchObject({ city: CITY, supportEmails: false, pending: null });
    }
    for (const id of deleted) expect(byId.has(id), `deleted contact ${id}`).toBe(false);

    // Each edit and each deletion queued once, and sent.
    const entries = await deskCall<Entry[]>(page, 'outbox.list');
    const edits = entries.filter((e) => e.kind === 'update-contact' && e.params.city === CITY);
    expect(edits.map((e) => e.params.contactid).sort()).toEqual([...edited].sort());
    // Only what changes is sent: the support e-mails where they were on.
    expect(edits.every((e) => e.state === 'done' && e.params.supportemails !== true)).toBe(true);
    const deletions = entries.filter((e) => e.kind === 'delete-contact' && deleted.includes(e.params.contactid as number));
    expect(deletions.map((e) => e.params.contactid).sort()).toEqual([...deleted].sort());
    expect(deletions.every((e) => e.state === 'done')).toBe(true);
  },
};

export const SELECT_STEPS: MorningStep[] = [selectStep];

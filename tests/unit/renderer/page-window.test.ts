/**
 * The window of pages the paged stores keep (renderer/src/stores/page-window.ts): which pages count as near the
 * rows shown, that showing rows drops the far ones (and tells Vue only when it dropped some), and that one
 * reader fills at a time however often rows are shown meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { watch } from 'vue';
import { pageWindow } from '../../../renderer/src/stores/page-window';

/** A reader the test finishes by hand. */
function heldFill() {
  let finish = () => {};
  let calls = 0;
  const fill = () => {
    calls += 1;
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { fill, finish: () => finish(), calls: () => calls };
}

describe('pageWindow', () => {
  it('numbers pages by row and counts keepPages either side of the rows shown as near', () => {
    const pages = pageWindow<string>(100, 1);
    expect([0, 99, 100, 250].map(pages.pageOf)).toEqual([0, 0, 1, 2]);
    // Rows 300–450 are pages 3–4: with one page kept either side, 2–5 are near.
    expect([1, 2, 3, 4, 5, 6].map((page) => pages.isNear(page, 300, 450))).toEqual([false, true, true, true, true, false]);
  });

  it('drops the pages far from the rows shown and keeps the near ones', async () => {
    const pages = pageWindow<string>(100, 1);
    for (const page of [0, 1, 2, 5, 9]) pages.pages.value.set(page, [`page ${page}`]);
    await pages.show(500, 550, async () => undefined);
    expect([...pages.pages.value.keys()].sort()).toEqual([5]);
  });

  it('tells Vue when it dropped a page, and not when it dropped none', async () => {
    const pages = pageWindow<string>(100, 0);
    pages.pages.value.set(0, ['a']);
    pages.pages.value.set(3, ['b']);
    let told = 0;
    watch(pages.pages, () => (told += 1), { flush: 'sync' });
    await pages.show(0, 10, async () => undefined);
    expect(told).toBe(1);
    await pages.show(0, 10, async () => undefined);
    expect(told).toBe(1);
  });

  it('runs one fill at a time: rows shown while it runs join it, and the next show after it ends fills again', async () => {
    const pages = pageWindow<string>(100, 1);
    const reader = heldFill();
    const first = pages.show(0, 10, reader.fill);
    const second = pages.show(200, 210, reader.fill);
    expect(second).toBe(first);
    expect(reader.calls()).toBe(1);
    reader.finish();
    await first;
    const third = pages.show(0, 10, reader.fill);
    expect(third).not.toBe(first);
    expect(reader.calls()).toBe(2);
    reader.finish();
    await third;
  });

  it('lets the next show fill again after a fill failed', async () => {
    const pages = pageWindow<string>(100, 1);
    await expect(pages.show(0, 10, () => Promise.reject(new Error('no page')))).rejects.toThrow('no page');
    let filled = false;
    await pages.show(0, 10, async () => void (filled = true));
    expect(filled).toBe(true);
  });
});

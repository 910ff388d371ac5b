/**
 * DataTable through its public face: the rows it is given drawn as an ARIA grid, and what the person does told
 * as events — the keys on a row (arrows, Home/End, Page Up/Down, Enter, Space, Shift+arrows, Ctrl+A, Esc), a
 * header's click cycling the sort, a row's click and Shift-click, a checkbox's click. The parent holds every
 * state: each test gives the props and reads the events.
 */
import type { VueWrapper } from '@vue/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_VIEWS } from '../../shared/resources/index.js';
import DataTable from '../../renderer/src/components/data-table/DataTable.vue';
import type { Row, Sort } from '../../renderer/src/stores/list.js';
import { domain } from '../unit/mirror-fixtures.js';
import { mountInApp, sizeElements } from './harness.js';

const VIEW = RESOURCE_VIEWS.domains;
const rowOf = (index: number): Row => ({ ...domain(index + 1, { domainName: `name${index}.com` }), pending: null, pendingEntryIds: [], failed: false });

/** The grid's height: 11 rows of 30 px, less the header (ROW_HEIGHT and HEADER_HEIGHT in DataTable.vue). */
const GRID_HEIGHT = 362;
/** Page Up/Down: the rows that fit under the header, less one. */
const PAGE = Math.floor((GRID_HEIGHT - 32) / 30) - 1;

let unsize: () => void;
beforeAll(() => (unsize = sizeElements('[role="grid"]', { width: 1000, height: GRID_HEIGHT })));
afterAll(() => unsize());

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

function table(props: { total?: number; activeIndex?: number; sort?: Sort | null; checked?: number[]; loaded?: number; busy?: boolean; selectedId?: string } = {}) {
  const total = props.total ?? 100;
  const checked = new Set(props.checked ?? []);
  wrapper?.unmount();
  wrapper = mountInApp(DataTable, {
    routed: true,
    props: {
      view: VIEW,
      label: 'Domains',
      total,
      rowAt: (index: number) => (index < (props.loaded ?? total) ? rowOf(index) : undefined),
      sort: props.sort ?? null,
      busy: props.busy ?? false,
      activeIndex: props.activeIndex ?? 0,
      selectedId: props.selectedId ?? null,
      isChecked: (row: Row) => checked.has(Number(row.id) - 1),
      checkedCount: checked.size,
      allChecked: false,
    },
  });
  return wrapper;
}

/** The drawn row at an index. */
const rowAt = (w: VueWrapper, index: number) => w.get(`[role="row"][data-index="${index}"]`);

describe('drawing', () => {
  it('is a grid named by its label, counting the header row, with a row per drawn index', () => {
    const w = table({ total: 100 });
    const grid = w.get('[role="grid"]');
    expect(grid.attributes('aria-label')).toBe('Domains');
    expect(grid.attributes('aria-rowcount')).toBe('101');
    expect(grid.attributes('aria-colcount')).toBe(String(VIEW.columns.length));
    const first = rowAt(w, 0);
    expect(first.attributes('aria-rowindex')).toBe('2');
    expect(first.get('[role="gridcell"][aria-colindex="1"]').text()).toBe('name0.com');
    // Virtual: a hundred rows are not all in the document.
    expect(w.findAll('.body-row').length).toBeLessThan(100);
  });

  it('makes the active row the one tab stop', () => {
    const w = table({ activeIndex: 3 });
    expect(rowAt(w, 3).attributes('tabindex')).toBe('0');
    expect(w.findAll('.body-row[tabindex="0"]')).toHaveLength(1);
  });

  it('marks the row open in the detail as selected, and the ticked rows as checked', () => {
    const w = table({ selectedId: '3', checked: [4] });
    // Row 2 holds the record with id 3 (rowOf numbers records from 1).
    expect(rowAt(w, 2).attributes('aria-selected')).toBe('true');
    expect(rowAt(w, 1).attributes('aria-selected')).toBe('false');
    expect(rowAt(w, 4).classes()).toContain('checked');
    expect(rowAt(w, 4).get<HTMLInputElement>('input[type="checkbox"]').element.checked).toBe(true);
    expect(rowAt(w, 3).get<HTMLInputElement>('input[type="checkbox"]').element.checked).toBe(false);
    expect(w.get<HTMLInputElement>('.check-all').element.indeterminate).toBe(true);
  });

  it('draws a row whose page is not read yet as a placeholder', () => {
    const w = table({ total: 10, loaded: 5 });
    expect(rowAt(w, 4).classes()).not.toContain('placeholder');
    expect(rowAt(w, 5).classes()).toContain('placeholder');
  });

  it('tells the rows in view as a range', () => {
    const w = table({ total: 100 });
    const [first, last] = w.emitted<[number, number]>('range')!.at(-1)!;
    expect(first).toBe(0);
    expect(last).toBe(w.findAll('.body-row').length - 1);
  });

  it('says when a page is being read', async () => {
    const w = table();
    expect(w.get('[role="grid"]').attributes('aria-busy')).toBeUndefined();
    await w.setProps({ busy: true });
    expect(w.get('[role="grid"]').attributes('aria-busy')).toBe('true');
  });
});

describe('keys on a row', () => {
  /**
   * The index `select` was asked for by a key pressed on the row that is the tab stop: the active row, or while
   * it is out of view, the first drawn (a key there acts from the active row all the same).
   */
  async function selectsAfter(key: string, active = 10): Promise<number | undefined> {
    const w = table({ total: 100, activeIndex: active });
    await w.get('.body-row[tabindex="0"]').trigger('keydown', { key });
    return w.emitted<[number]>('select')?.at(-1)?.[0];
  }

  it('moves the active row with the arrows, Home and End', async () => {
    expect(await selectsAfter('ArrowDown')).toBe(11);
    expect(await selectsAfter('ArrowUp')).toBe(9);
    expect(await selectsAfter('Home')).toBe(0);
    expect(await selectsAfter('End')).toBe(99);
  });

  it('moves it by a page with Page Down and Page Up, and no further than the list', async () => {
    expect(await selectsAfter('PageDown')).toBe(10 + PAGE);
    expect(await selectsAfter('PageUp', 50)).toBe(50 - PAGE);
    expect(await selectsAfter('PageDown', 99)).toBe(99);
    expect(await selectsAfter('PageUp', 1)).toBe(0);
  });

  it('opens the active row with Enter and closes with Escape', async () => {
    const w = table({ activeIndex: 2 });
    await rowAt(w, 2).trigger('keydown', { key: 'Enter' });
    expect(w.emitted<[Row]>('open')!.map(([row]) => row.domainName)).toEqual(['name2.com']);
    await rowAt(w, 2).trigger('keydown', { key: 'Escape' });
    expect(w.emitted('close')).toHaveLength(1);
  });

  it('toggles the active row with Space, extends a range with Shift and an arrow, selects all with Ctrl+A', async () => {
    const w = table({ activeIndex: 4 });
    const row = rowAt(w, 4);
    await row.trigger('keydown', { key: ' ' });
    expect(w.emitted<[number, Row]>('toggle')!.map(([index, r]) => [index, r.domainName])).toEqual([[4, 'name4.com']]);
    await row.trigger('keydown', { key: 'ArrowDown', shiftKey: true });
    expect(w.emitted('extend')).toEqual([[4, 5]]);
    expect(w.emitted<[number]>('select')!.at(-1)).toEqual([5]);
    await row.trigger('keydown', { key: 'a', ctrlKey: true });
    expect(w.emitted('selectAll')).toHaveLength(1);
    // Nothing is selected: Escape closes, it clears nothing.
    expect(w.emitted('clearSelection')).toBeUndefined();
  });

  it('clears a selection with Escape while something is selected', async () => {
    const w = table({ activeIndex: 1, checked: [1, 2] });
    await rowAt(w, 1).trigger('keydown', { key: 'Escape' });
    expect(w.emitted('clearSelection')).toHaveLength(1);
    expect(w.emitted('close')).toBeUndefined();
  });

  it('takes ArrowUp on the first row to the header', async () => {
    const w = table({ activeIndex: 0 });
    await rowAt(w, 0).trigger('keydown', { key: 'ArrowUp' });
    await new Promise((resolve) => setTimeout(resolve));
    expect(w.emitted('select')).toBeUndefined();
    expect(document.activeElement?.closest('[role="columnheader"]')).not.toBeNull();
  });
});

describe('the pointer', () => {
  it('selects and opens a clicked row; Shift-click extends from the active row instead of opening', async () => {
    const w = table({ activeIndex: 2 });
    await rowAt(w, 6).trigger('click');
    expect(w.emitted<[number]>('select')!.at(-1)).toEqual([6]);
    expect(w.emitted<[Row]>('open')!.map(([row]) => row.domainName)).toEqual(['name6.com']);
    await rowAt(w, 8).trigger('click', { shiftKey: true });
    expect(w.emitted('extend')).toEqual([[2, 8]]);
    expect(w.emitted('open')).toHaveLength(1);
  });

  it("toggles a row by its checkbox without opening it; the header's checkbox asks for all shown", async () => {
    const w = table({ activeIndex: 0 });
    await rowAt(w, 3).get('input[type="checkbox"]').trigger('click');
    expect(w.emitted<[number, Row]>('toggle')!.map(([index]) => index)).toEqual([3]);
    expect(w.emitted('open')).toBeUndefined();
    await w.get('.check-all').trigger('click');
    expect(w.emitted('toggleAll')).toHaveLength(1);
  });
});

describe('sorting by the header', () => {
  const header = (w: VueWrapper, field: string) => w.findAll('[role="columnheader"]')[VIEW.columns.findIndex((c) => c.field === field)]!;

  it('asks for ascending, then descending, then the list’s own order', async () => {
    const w = table({ sort: null });
    await header(w, 'expiryDate').get('button.sort').trigger('click');
    await w.setProps({ sort: { field: 'expiryDate', dir: 'asc' } });
    await header(w, 'expiryDate').get('button.sort').trigger('click');
    await w.setProps({ sort: { field: 'expiryDate', dir: 'desc' } });
    await header(w, 'expiryDate').get('button.sort').trigger('click');
    expect(w.emitted('sort')).toEqual([[{ field: 'expiryDate', dir: 'asc' }], [{ field: 'expiryDate', dir: 'desc' }], [null]]);
  });

  it('marks the sorted column with aria-sort, the other sortable ones none, and a column that does not sort not at all', async () => {
    const w = table({ sort: { field: 'domainName', dir: 'desc' } });
    expect(header(w, 'domainName').attributes('aria-sort')).toBe('descending');
    expect(header(w, 'expiryDate').attributes('aria-sort')).toBe('none');
    expect(header(w, 'registrar').attributes('aria-sort')).toBeUndefined();
    expect(header(w, 'registrar').find('button.sort').exists()).toBe(false);
  });
});

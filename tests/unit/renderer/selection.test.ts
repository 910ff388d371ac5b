/** A list's selection as a value (renderer/src/components/selection/selection.ts): some ids, or all but some. */
import { describe, expect, it } from 'vitest';
import {
  ALL_SELECTED,
  NOTHING_SELECTED,
  isSelected,
  keptAmong,
  rangeBetween,
  selectedAmong,
  selectedCount,
  setSelected,
  toggled,
} from '../../../renderer/src/components/selection/selection';

describe('a selection of some rows', () => {
  it('toggles, counts and ticks a range either way round', () => {
    let s = toggled(NOTHING_SELECTED, 4);
    expect(isSelected(s, 4)).toBe(true);
    s = setSelected(s, rangeBetween(9, 6), true);
    expect(rangeBetween(9, 6)).toEqual([6, 7, 8, 9]);
    expect(selectedCount(s, 100)).toBe(5);
    s = toggled(s, 4);
    expect(isSelected(s, 4)).toBe(false);
    expect(selectedAmong(s, [1, 6, 7, 8, 9, 10])).toEqual([6, 7, 8, 9]);
    // The value given is never changed.
    expect(isSelected(NOTHING_SELECTED, 4)).toBe(false);
  });

  it('keeps local ids and server ids apart', () => {
    const s = setSelected(NOTHING_SELECTED, ['local:3', 3], true);
    expect(selectedCount(s, 10)).toBe(2);
    expect(isSelected(toggled(s, 'local:3'), 3)).toBe(true);
  });
});

describe('all matching, except some', () => {
  it('counts the total but the exceptions, and gives the matching ids but them', () => {
    let s = toggled(ALL_SELECTED, 2);
    expect(selectedCount(s, 20_000)).toBe(19_999);
    expect(isSelected(s, 2)).toBe(false);
    expect(isSelected(s, 19_999)).toBe(true);
    s = setSelected(s, [5, 6], false);
    expect(selectedAmong(s, [1, 2, 3, 5, 6, 7])).toEqual([1, 3, 7]);
    s = setSelected(s, [2, 5], true);
    expect(selectedAmong(s, [1, 2, 3, 5, 6, 7])).toEqual([1, 2, 3, 5, 7]);
  });

  it('drops from a selection the rows no longer in the list', () => {
    expect(selectedCount(keptAmong(setSelected(NOTHING_SELECTED, [1, 2, 3], true), [2, 3, 4]), 3)).toBe(2);
    // An exception for a row that left the list no longer lowers the count.
    expect(selectedCount(keptAmong(toggled(ALL_SELECTED, 9), [1, 2, 3]), 3)).toBe(3);
  });
});

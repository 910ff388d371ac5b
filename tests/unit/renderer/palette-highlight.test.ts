/**
 * The palette's highlighted option (renderer/src/components/palette-highlight.ts): the first while typing, where
 * the person moved it while results for the same text arrive, and always one while any option is shown.
 */
import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { movedHighlight, usePaletteHighlight } from '../../../renderer/src/components/palette-highlight';

describe('movedHighlight', () => {
  const shown = ['a', 'b', 'c'];
  it('steps without wrapping, and jumps to either end', () => {
    expect(movedHighlight(shown, 'a', 'next')).toBe('b');
    expect(movedHighlight(shown, 'c', 'next')).toBe('c');
    expect(movedHighlight(shown, 'a', 'previous')).toBe('a');
    expect(movedHighlight(shown, 'c', 'previous')).toBe('b');
    expect(movedHighlight(shown, 'b', 'first')).toBe('a');
    expect(movedHighlight(shown, 'b', 'last')).toBe('c');
  });
  it('starts from the first when nothing shown is highlighted, and has nothing to move among no options', () => {
    expect(movedHighlight(shown, 'gone', 'next')).toBe('a');
    expect(movedHighlight(shown, null, 'previous')).toBe('a');
    expect(movedHighlight([], 'a', 'next')).toBeNull();
  });
});

describe('usePaletteHighlight', () => {
  function highlight(initial: string[]) {
    const shown = ref<readonly string[]>(initial);
    const scope = effectScope();
    const api = scope.run(() => usePaletteHighlight(shown))!;
    return { shown, ...api };
  }

  it('gives new results their first option while the person types', async () => {
    const h = highlight(['go:domains', 'go:orders']);
    expect(h.highlighted.value).toBe('go:domains');
    h.typed();
    h.shown.value = ['hit:domains:7', 'go:domains'];
    await nextTick();
    expect(h.highlighted.value).toBe('hit:domains:7');
  });

  it('keeps an option moved to with the arrows or the pointer while it is still shown, until the person types', async () => {
    const h = highlight(['go:domains', 'go:orders', 'sync']);
    h.move('next');
    expect(h.highlighted.value).toBe('go:orders');
    // Hits for the same text come in above the commands: the choice stays.
    h.shown.value = ['hit:orders:1', 'go:domains', 'go:orders', 'sync'];
    await nextTick();
    expect(h.highlighted.value).toBe('go:orders');
    h.point('sync');
    h.shown.value = ['hit:orders:2', 'sync'];
    await nextTick();
    expect(h.highlighted.value).toBe('sync');
    // The choice is no longer shown: the first is the one.
    h.shown.value = ['hit:orders:2', 'go:domains'];
    await nextTick();
    expect(h.highlighted.value).toBe('hit:orders:2');
    // Typing gives the highlight back to the first of the next results, even where the moved-to option is shown.
    h.move('last');
    h.typed();
    h.shown.value = ['hit:orders:3', 'go:domains'];
    await nextTick();
    expect(h.highlighted.value).toBe('hit:orders:3');
  });

  it('highlights nothing only while nothing is shown', async () => {
    const h = highlight([]);
    expect(h.highlighted.value).toBeNull();
    h.move('next');
    expect(h.highlighted.value).toBeNull();
    h.shown.value = ['sync'];
    await nextTick();
    expect(h.highlighted.value).toBe('sync');
  });
});

/**
 * The keyboard after a person's action takes away the control they used (composables/focus-hand-off.ts): on to
 * the same control in the next peer, else the one before, else the screen's home; never over a focus the person
 * moved meanwhile. Mounted as a screen would use it: rules provided by a parent, the controls in a child.
 */
import { mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, type Ref } from 'vue';
import { provideFocusHandOff, useFocusHandOff } from '../../renderer/src/composables/focus-hand-off';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

/** Rows a, b, c, each with Settle and Other; Settle takes its row away, unless `keepsRow` (then only its button leaves). */
function screen(options: { keepsRow?: boolean } = {}) {
  const rows = ref(['a', 'b', 'c']);
  const settled = ref(new Set<string>());
  const List = defineComponent(() => {
    const handOff = useFocusHandOff();
    const settle = (event: Event, id: string) => {
      handOff(event.currentTarget);
      // The engine answers later; the row (or its button) leaves then.
      setTimeout(() => {
        if (options.keepsRow) settled.value = new Set([...settled.value, id]);
        else rows.value = rows.value.filter((r) => r !== id);
      }, 20);
    };
    return () =>
      h('div', { class: 'rows' }, rows.value.map((id) =>
        h('div', { key: id, class: 'row', 'data-row': id }, [
          settled.value.has(id) ? null : h('button', { 'data-action': 'settle', onClick: (e: Event) => settle(e, id) }, `Settle ${id}`),
          h('button', { 'data-action': 'other' }, `Other ${id}`),
        ])));
  });
  const home = ref<HTMLElement | null>(null);
  const Screen = defineComponent(() => {
    provideFocusHandOff({ peer: '.row', area: () => '', home: () => home.value });
    return () => h('div', [h('h1', { ref: home, tabindex: -1 }, 'Home'), h(List)]);
  });
  wrapper = mount(Screen, { attachTo: document.body });
  return { rows, home: home as Ref<HTMLElement | null> };
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
/** Presses a button as the keyboard would: focused, then clicked. */
function press(name: string): void {
  const target = button(name);
  target.focus();
  target.click();
}
/** Until the focus has settled: the row leaves after 20 ms, the hand-off looks each frame. */
const settled = async () => {
  await new Promise((resolve) => setTimeout(resolve, 120));
  await nextTick();
};
const focused = () => document.activeElement?.textContent ?? document.activeElement?.tagName;

it('hands the keyboard to the same control in the next row when the row it used leaves', async () => {
  screen();
  press('Settle a');
  await settled();
  expect(focused()).toBe('Settle b');
});

it('goes to the row before when the last row leaves, and home when no row is left', async () => {
  const { rows } = screen();
  press('Settle c');
  await settled();
  expect(focused()).toBe('Settle b');
  rows.value = ['b'];
  await nextTick();
  press('Settle b');
  await settled();
  expect(focused()).toBe('Home');
});

it('stays in the row when only the control left, on what the rules name there', async () => {
  screen({ keepsRow: true });
  press('Settle b');
  await settled();
  expect(focused()).toBe('Other b');
});

it('leaves the focus where the person moved it meanwhile', async () => {
  screen();
  press('Settle a');
  button('Other c').focus();
  await settled();
  expect(focused()).toBe('Other c');
});

/**
 * What choosing a palette option does: a record found opens in its list, a command runs; the palette closes. A
 * choice that went to another screen gives it the keyboard (its list's row, or the screen itself), rather than
 * handing the focus back to what had it before the palette opened (often nothing: the page).
 */
import type { Ref } from 'vue';
import { useRouter } from 'vue-router';
import { recordRoute } from '../composables/record-route';
import { focusScreen } from '../composables/screen-focus';
import type { PaletteCommand } from './palette-commands';

/** open: the palette's; commands: those it offers now. */
export function usePaletteChoice(open: Ref<boolean>, commands: Readonly<Ref<PaletteCommand[]>>) {
  const router = useRouter();
  /** The choice being made, while it goes to another screen. */
  let leavingFor: Promise<void> | null = null;

  async function choose(value: string): Promise<void> {
    const stays = commands.value.find((c) => c.id === value)?.stays === true;
    const done = run(value);
    leavingFor = stays ? null : done;
    open.value = false;
    await done;
    if (!stays) await focusScreen();
  }

  async function run(value: string): Promise<void> {
    if (value.startsWith('hit:')) {
      // A queued create's id has a colon of its own: `hit:contacts:local:7`.
      const [, resource, ...id] = value.split(':') as [string, Parameters<typeof recordRoute>[0], ...string[]];
      const to = recordRoute(resource, id.join(':'));
      if (to) await router.push(to);
      return;
    }
    await commands.value.find((c) => c.id === value)?.run();
  }

  /** Closing after a choice: the choice places the focus (focusScreen) when it went somewhere. */
  function onCloseAutoFocus(event: Event): void {
    if (leavingFor) event.preventDefault();
    leavingFor = null;
  }

  return { choose, onCloseAutoFocus };
}

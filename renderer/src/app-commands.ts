/**
 * The desktop shell's menu items and notification clicks, sent to the page as the contract's `app.command`
 * event: each menu command runs the palette command of the same name (Sync Now, New Ticket, Outbox…), Search
 * opens the palette, and a notification opens its record. Registered once, by the frame (App.vue).
 */
import type { Router } from 'vue-router';
import type { AppCommand } from '../../shared/contract';
import { paletteCommands, type Translate } from './components/palette-commands';
import { useDeskEvent } from './composables/desk-event';
import { recordRoute } from './composables/record-route';

/** The palette command each of the menu's commands runs (search opens the palette itself). */
const APP_COMMAND_IDS: Record<Exclude<AppCommand['command'], 'search' | 'open-record'>, string> = {
  sync: 'sync',
  'new-ticket': 'new-ticket',
  'new-contact': 'new-contact',
  outbox: 'go:outbox',
  preferences: 'go:settings',
  billing: 'go:billing',
};

export async function runAppCommand(command: AppCommand, router: Router, t: Translate, openPalette: () => void): Promise<void> {
  if (command.command === 'search') return openPalette();
  if (command.command === 'open-record') {
    const to = recordRoute(command.resource, command.id);
    if (to) await router.push(to);
    return;
  }
  const id = APP_COMMAND_IDS[command.command];
  await paletteCommands(t, router)
    .find((c) => c.id === id)
    ?.run();
}

/** Runs each app.command as it comes, for the life of the calling component. */
export function useAppCommands(router: Router, t: Translate, openPalette: () => void): void {
  useDeskEvent('app.command', (command) => void runAppCommand(command, router, t, openPalette));
}

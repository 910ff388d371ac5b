/**
 * What the command palette can run besides opening a search hit: sync, go to each screen, check a domain,
 * new ticket, new contact and import contacts from CSV. Each command has an id, a label (i18n) and what it does.
 */
import type { Router } from 'vue-router';
import { useSessionStore } from '../stores/session';
import { LIST_SCREENS } from '../router';

export interface PaletteCommand {
  id: string;
  label: string;
  /** Words it is also found by (the screen's name alone, "go"). */
  keywords: string;
  /** It does its work where the person is (sync): the focus goes back where it was, not to another screen. */
  stays?: true;
  run(): void | Promise<unknown>;
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Screens to go to (Check a domain has its own command). */
const SCREENS = ['dashboard', ...LIST_SCREENS.map((s) => s.name), 'billing', 'outbox', 'settings'] as const;

export function paletteCommands(t: Translate, router: Router): PaletteCommand[] {
  return [
    { id: 'sync', label: t('dashboard.palette.syncNow'), keywords: 'sync refresh', stays: true, run: () => useSessionStore().sync() },
    { id: 'check-domain', label: t('dashboard.palette.checkDomain'), keywords: 'whois domain availability', run: () => router.push({ name: 'check-domain' }) },
    { id: 'new-ticket', label: t('dashboard.palette.newTicket'), keywords: 'ticket support open', run: () => router.push({ name: 'tickets', query: { new: '1' } }) },
    { id: 'new-contact', label: t('dashboard.palette.newContact'), keywords: 'contact add', run: () => router.push({ name: 'contacts', query: { new: '1' } }) },
    { id: 'import-contacts', label: t('dashboard.palette.importContacts'), keywords: 'import csv contacts file', run: () => router.push({ name: 'contacts', query: { import: '1' } }) },
    ...SCREENS.map((name) => ({
      id: `go:${name}`,
      label: t('dashboard.palette.goTo', { screen: t(`lists.nav.${name}`) }),
      keywords: `go ${t(`lists.nav.${name}`)}`,
      run: () => router.push({ name }),
    })),
  ];
}

/** Each command's label and keywords in lower case, made once per command (matched again at every keystroke). */
const haystacks = new WeakMap<PaletteCommand, string>();
function haystackOf(command: PaletteCommand): string {
  let haystack = haystacks.get(command);
  if (haystack === undefined) haystacks.set(command, (haystack = `${command.label} ${command.keywords}`.toLocaleLowerCase()));
  return haystack;
}

/**
 * The commands whose label or keywords contain every word typed (any order, any case). Those whose label begins
 * with what was typed come first: the person is typing that command's name ("Go to Domains" before "All Contacts
 * matching “Go to Domains”").
 */
export function matchCommands(commands: PaletteCommand[], text: string): PaletteCommand[] {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  const matched = commands.filter((c) => words.every((w) => haystackOf(c).includes(w)));
  const typed = words.join(' ');
  const named = (c: PaletteCommand) => c.label.toLocaleLowerCase().replace(/\s+/g, ' ').startsWith(typed);
  return [...matched.filter(named), ...matched.filter((c) => !named(c))];
}

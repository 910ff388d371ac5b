/**
 * Which commands the palette offers for a text (palette-commands.ts, matchCommands): every word typed, in any order
 * and case, found in a command's label or keywords; a command whose name the person is typing comes first. In the
 * components project: the module reads the app's router, which needs a window.
 */
import { describe, expect, it } from 'vitest';
import { matchCommands, type PaletteCommand } from '../../renderer/src/components/palette-commands';

const command = (id: string, label: string, keywords = ''): PaletteCommand => ({ id, label, keywords, run: () => undefined });
const allContacts = command('list:contacts', 'All Contacts matching “Go to Domains”', 'Go to Domains');
const goDomains = command('go:domains', 'Go to Domains', 'domains go');
const goDashboard = command('go:dashboard', 'Go to Dashboard', 'home go');
const ids = (found: PaletteCommand[]) => found.map((c) => c.id);

describe('the palette’s commands for a text', () => {
  it('keeps those with every word typed, in any order and case', () => {
    expect(ids(matchCommands([goDomains, goDashboard], 'DOMAINS'))).toEqual(['go:domains']);
    expect(ids(matchCommands([goDomains, goDashboard], 'home'))).toEqual(['go:dashboard']);
    expect(ids(matchCommands([goDomains, goDashboard], 'go   to'))).toEqual(['go:domains', 'go:dashboard']);
    expect(ids(matchCommands([goDomains, goDashboard], ''))).toEqual(['go:domains', 'go:dashboard']);
  });

  it('puts first the command whose name is being typed, ahead of a list filtered by the same words', () => {
    expect(ids(matchCommands([allContacts, goDomains, goDashboard], 'go to domains'))).toEqual(['go:domains', 'list:contacts']);
    expect(ids(matchCommands([allContacts, goDomains, goDashboard], 'Go to D'))).toEqual(['go:domains', 'go:dashboard', 'list:contacts']);
    // Words out of order name no command: the order is the list's.
    expect(ids(matchCommands([allContacts, goDomains], 'domains go'))).toEqual(['list:contacts', 'go:domains']);
  });
});

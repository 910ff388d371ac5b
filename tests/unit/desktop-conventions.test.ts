/**
 * The desktop shell's plain-data parts: the tray's menu and its outbox line, the right-click menu for what was
 * under the pointer (spelling suggestions included, which the stand-in's page cannot produce), the
 * resellerdesk:// links, the Linux login entry.
 */
import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, type ContextMenuParams } from '../../electron/main/context-menu.js';
import { autostartDir, autostartEntry } from '../../electron/main/autostart.js';
import { readFileSync } from 'node:fs';
import { newlyWaiting } from '../../electron/main/newly-waiting.js';
import { failureFragment, type PageFailure } from '../../electron/main/page-health.js';
import { SHELL_WORDS, shellLanguage } from '../../electron/main/shell-words.js';
import { trayMenuTemplate, trayToolTip } from '../../electron/main/tray-menu.js';
import { deepLinkIn, deepLinkTo, parseDeepLink } from '../../shared/deep-link.js';

const noop = { copyLink: () => undefined, replaceMisspelling: () => undefined, addToDictionary: () => undefined };
const params = (over: Partial<ContextMenuParams>): ContextMenuParams => ({
  isEditable: false,
  selectionText: '',
  linkURL: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: true },
  ...over,
});
const labels = (template: ReturnType<typeof contextMenuTemplate>) => template.map((item) => item.label ?? item.role ?? item.type);

describe('the tray', () => {
  it('says what needs the person before what is still to send, in words, in English and Italian', () => {
    const { outbox } = SHELL_WORDS.en.tray;
    expect(outbox({ waiting: 0, needsYou: 0 })).toBe('Outbox: nothing to send');
    expect(outbox({ waiting: 3, needsYou: 0 })).toBe('Outbox: 3 edits to send');
    expect(outbox({ waiting: 0, needsYou: 1 })).toBe('Outbox: 1 edit needs you');
    expect(outbox({ waiting: 2, needsYou: 4 })).toBe('Outbox: 4 edits need you, 2 to send');
    expect(SHELL_WORDS.it.tray.outbox({ waiting: 1, needsYou: 2 })).toBe('In uscita: 2 modifiche ti aspettano, 1 da inviare');
    expect(trayToolTip('Reseller Desk', { waiting: 5, needsYou: 0 }, SHELL_WORDS.en.tray)).toBe('Reseller Desk');
    expect(trayToolTip('Reseller Desk', { waiting: 0, needsYou: 2 }, SHELL_WORDS.en.tray)).toBe('Reseller Desk — 2 edits need you');
  });

  it('speaks the Language setting, or the system’s where it is System', () => {
    expect(shellLanguage('it', 'en-US')).toBe('it');
    expect(shellLanguage('system', 'it-IT')).toBe('it');
    expect(shellLanguage('system', 'de-DE')).toBe('en');
    const domain = { kind: 'domain-expiring', resource: 'domains', id: 1, text: 'example.it expires in 12 days', params: { subject: 'example.it', days: 12 } } as const;
    expect(SHELL_WORDS.it.notifications.body(domain)).toBe('example.it scade tra 12 giorni');
    expect(SHELL_WORDS.en.notifications.body(domain)).toBe('example.it expires in 12 days');
  });

  it('has Open, Sync Now, the outbox and Quit, each doing its own thing', () => {
    const done: string[] = [];
    const template = trayMenuTemplate('Reseller Desk', { waiting: 1, needsYou: 0 }, {
      open: () => done.push('open'),
      sync: () => done.push('sync'),
      outbox: () => done.push('outbox'),
      quit: () => done.push('quit'),
    }, SHELL_WORDS.en.tray);
    expect(labels(template)).toEqual(['Open Reseller Desk', 'Sync Now', 'Outbox: 1 edit to send', 'separator', 'Quit Reseller Desk']);
    for (const item of template) (item.click as (() => void) | undefined)?.();
    expect(done).toEqual(['open', 'sync', 'outbox', 'quit']);
  });
});

describe('edits that wait for the person', () => {
  it('are notified when more wait than before, never for those already waiting at start', () => {
    expect(newlyWaiting(null, 3)).toBe(0);
    expect(newlyWaiting(0, 2)).toBe(2);
    expect(newlyWaiting(2, 2)).toBe(0);
    expect(newlyWaiting(3, 1)).toBe(0);
    expect(SHELL_WORDS.en.waiting(1).title).toBe('An edit waits for you');
    expect(SHELL_WORDS.it.waiting(2).title).toBe('2 modifiche ti aspettano');
  });
});

describe('the right-click menu', () => {
  it('offers the OS checker’s suggestions for a misspelled word, then the edit commands', () => {
    const replaced: string[] = [];
    const template = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'recieve', dictionarySuggestions: ['receive', 'relieve', 'reprieve', 'recede', 'reweave', 'retrieve'] }), {
      ...noop,
      replaceMisspelling: (word) => replaced.push(word),
    }, SHELL_WORDS.en.contextMenu);
    expect(labels(template)).toEqual(['receive', 'relieve', 'reprieve', 'recede', 'reweave', 'Add to Dictionary', 'separator', 'cut', 'copy', 'paste', 'separator', 'selectAll']);
    (template[0]!.click as () => void)();
    expect(replaced).toEqual(['receive']);
    expect(labels(contextMenuTemplate(params({ isEditable: true, misspelledWord: 'xqzt' }), noop, SHELL_WORDS.en.contextMenu)).slice(0, 2)).toEqual(['No Guesses Found', 'Add to Dictionary']);
  });

  it('copies a web link only, copies selected text, and shows nothing over plain text', () => {
    expect(labels(contextMenuTemplate(params({ linkURL: 'https://example.com/a' }), noop, SHELL_WORDS.en.contextMenu))).toEqual(['Copy Link']);
    expect(labels(contextMenuTemplate(params({ linkURL: 'javascript:alert(1)' }), noop, SHELL_WORDS.en.contextMenu))).toEqual([]);
    expect(labels(contextMenuTemplate(params({ selectionText: 'example.com' }), noop, SHELL_WORDS.en.contextMenu))).toEqual(['copy']);
    expect(contextMenuTemplate(params({}), noop, SHELL_WORDS.en.contextMenu)).toEqual([]);
  });
});

describe('resellerdesk:// links', () => {
  it('name a record by id or by the name its list shows', () => {
    expect(parseDeepLink('resellerdesk://domains/example.com')).toEqual({ resource: 'domains', id: null, name: 'example.com' });
    expect(parseDeepLink('resellerdesk://tickets/1042')).toEqual({ resource: 'tickets', id: 1042, name: null });
    expect(parseDeepLink('resellerdesk://domains/caf%C3%A9.it/')).toEqual({ resource: 'domains', id: null, name: 'café.it' });
    expect(parseDeepLink(deepLinkTo('contacts', 7))).toEqual({ resource: 'contacts', id: 7, name: null });
  });

  it('are nothing else', () => {
    for (const text of ['https://domains/example.com', 'resellerdesk://vault/1', 'resellerdesk://domains/', 'resellerdesk://domains/a/b', 'resellerdesk:domains', 'not a url']) {
      expect(parseDeepLink(text), text).toBeNull();
    }
    expect(deepLinkIn(['/opt/Reseller Desk/reseller-desk', '--hidden', 'resellerdesk://tickets/3'])).toBe('resellerdesk://tickets/3');
    expect(deepLinkIn(['/opt/Reseller Desk/reseller-desk'])).toBeNull();
  });
});

describe('open at login on Linux', () => {
  it('is an XDG autostart entry beside the app’s data folder, starting it hidden', () => {
    expect(autostartDir({ XDG_CONFIG_HOME: '/home/ada/.config' })).toBe('/home/ada/.config/autostart');
    expect(autostartEntry('Reseller Desk', '/opt/Reseller Desk/reseller-desk')).toBe(
      '[Desktop Entry]\nType=Application\nName=Reseller Desk\nExec="/opt/Reseller Desk/reseller-desk" --hidden\nX-GNOME-Autostart-enabled=true\n',
    );
  });
});

describe('the window-failed page', () => {
  it('has a heading for every failure in every language the shell speaks', () => {
    const page = readFileSync('renderer/window-failed.html', 'utf8');
    const failures: PageFailure[] = ['crashed', 'oom', 'killed', 'load-failed'];
    for (const language of ['en', 'it'] as const) {
      for (const failure of failures) expect(page, `${failure} in ${language}`).toContain(`<h1 id="${failureFragment(failure, language)}">`);
    }
    expect(page.match(/href="#reload"/g)).toHaveLength(2);
  });
});

/**
 * The desktop shell's plain-data parts, tested without Electron: the application menu's template, which sync
 * changes become notifications, and how a remembered window state is restored.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, type MenuCommand } from '../../electron/main/app-menu.js';
import { SHELL_WORDS } from '../../electron/main/shell-words.js';
import { syncNotifications } from '../../electron/main/sync-notifications.js';
import { restoreWindowState } from '../../electron/main/window-bounds.js';
import { APP_COMMANDS, DEFAULT_SETTINGS } from '../../shared/contract.js';
import type { NotableChange, SyncSummary } from '../../shared/sync.js';

function menu(platform: NodeJS.Platform, development = false, checkForUpdates: (() => void) | null = null, exportDiagnostics = () => {}) {
  const commands: MenuCommand[] = [];
  const template = appMenuTemplate({ appName: 'Reseller Desk', platform, development, command: (c) => commands.push(c), openDataFolder: () => {}, checkForUpdates, exportDiagnostics, words: SHELL_WORDS.en.menu });
  const items = (list: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    list.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
  return { template, all: items(template), commands };
}

describe('the application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('on %s, offers every app command once with an accelerator, and sends it', (platform) => {
    const { all, commands } = menu(platform);
    const own = all.filter((item) => item.click && item.accelerator);
    for (const item of own) (item.click as () => void)();
    expect([...commands].sort()).toEqual([...APP_COMMANDS].sort());
    expect(own.find((item) => item.label === 'Search…')?.accelerator).toBe('CmdOrCtrl+K');
    const accelerators = own.map((item) => item.accelerator);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('has the usual roles: Edit with copy and paste, View with zoom and full screen, Window, Help', () => {
    const { template, all } = menu('linux');
    const roles = all.map((item) => item.role).filter(Boolean);
    expect(roles).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'quit', 'about']));
    expect(template.map((item) => item.label ?? item.role)).toEqual(['&File', '&Edit', '&View', 'windowMenu', 'help']);
    expect(roles).not.toContain('toggleDevTools');
    expect(menu('linux', true).all.map((item) => item.role)).toContain('toggleDevTools');
  });

  it('offers Check for Updates… only where the app updates itself: in Help, or the app menu on macOS', () => {
    const label = (item: MenuItemConstructorOptions) => item.label ?? item.role;
    expect(menu('linux').all.map(label)).not.toContain('Check for Updates…');
    let checked = 0;
    const help = menu('linux', false, () => checked++).template.find((item) => item.role === 'help')!;
    const item = (help.submenu as MenuItemConstructorOptions[]).find((entry) => entry.label === 'Check for Updates…')!;
    (item.click as () => void)();
    expect(checked).toBe(1);
    const [appMenu] = menu('darwin', false, () => undefined).template;
    expect((appMenu!.submenu as MenuItemConstructorOptions[]).map(label).slice(0, 2)).toEqual(['about', 'Check for Updates…']);
  });

  it.each(['linux', 'win32', 'darwin'] as const)('on %s, has Export Diagnostics… in Help, which asks the shell to export', (platform) => {
    let asked = 0;
    const help = menu(platform, false, null, () => asked++).template.find((item) => item.role === 'help')!;
    const item = (help.submenu as MenuItemConstructorOptions[]).find((entry) => entry.label === 'Export Diagnostics…')!;
    (item.click as () => void)();
    expect(asked).toBe(1);
  });

  it('says its own items in Italian when the person reads Italian (the OS words the roles)', () => {
    const commands: MenuCommand[] = [];
    const template = appMenuTemplate({ appName: 'Reseller Desk', platform: 'linux', development: false, command: (c) => commands.push(c), openDataFolder: () => {}, exportDiagnostics: () => {}, checkForUpdates: null, words: SHELL_WORDS.it.menu });
    expect(template.map((item) => item.label ?? item.role)).toEqual(['&File', '&Modifica', '&Visualizza', 'windowMenu', 'help']);
    const file = template[0]!.submenu as MenuItemConstructorOptions[];
    expect(file.map((item) => item.label ?? item.role ?? item.type).slice(0, 4)).toEqual(['Nuovo ticket', 'Nuovo contatto', 'separator', 'Sincronizza ora']);
  });

  it('on macOS, starts with the app menu holding Settings and Quit', () => {
    const [appMenu] = menu('darwin').template;
    expect(appMenu!.label).toBe('Reseller Desk');
    const labels = (appMenu!.submenu as MenuItemConstructorOptions[]).map((item) => item.label ?? item.role);
    expect(labels).toEqual(expect.arrayContaining(['Settings…', 'quit', 'hide']));
  });
});

const change = (kind: NotableChange['kind'], id: number, text: string): NotableChange => ({
  kind,
  id,
  text,
  resource: kind.startsWith('ticket') ? 'tickets' : kind.startsWith('domain') ? 'domains' : 'services',
});
const summaryOf = (notableChanges: NotableChange[]): SyncSummary => ({
  runId: 1,
  trigger: 'interval',
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:05.000Z',
  outcome: 'ok',
  resources: [],
  notable: notableChanges.map((c) => c.text),
  notableChanges,
});

describe('sync notifications', () => {
  it('announce the kinds the settings name, each opening its record', () => {
    const summary = summaryOf([
      change('ticket-answered', 7, 'ticket #123456 answered'),
      change('service-status', 9, 'service Hosting: Pending → Active'),
      change('domain-expiring', 3, 'example.com expires in 30 days'),
    ]);
    expect(syncNotifications(summary, DEFAULT_SETTINGS.notifyKinds, SHELL_WORDS.en.notifications)).toEqual([
      { title: 'Ticket answered', body: 'ticket #123456 answered', open: { command: 'open-record', resource: 'tickets', id: 7 } },
      { title: 'Domain expiring soon', body: 'example.com expires in 30 days', open: { command: 'open-record', resource: 'domains', id: 3 } },
    ]);
    expect(syncNotifications(summary, [], SHELL_WORDS.en.notifications)).toEqual([]);
  });

  it('announce more invoices overdue by default, opening the Billing screen', () => {
    const overdue: NotableChange = { kind: 'invoices-overdue', resource: 'client', id: 1, text: '3 invoices overdue (1 before)', params: { subject: '3', count: 3, previous: 1 } };
    expect(DEFAULT_SETTINGS.notifyKinds).toContain('invoices-overdue');
    expect(syncNotifications(summaryOf([overdue]), DEFAULT_SETTINGS.notifyKinds, SHELL_WORDS.en.notifications)).toEqual([
      { title: 'More invoices overdue', body: '3 invoices overdue (1 before)', open: { command: 'billing' } },
    ]);
  });

  it('say "N more" rather than flooding the screen', () => {
    const many = Array.from({ length: 10 }, (_, i) => change('service-suspended', i + 1, `service S${i + 1} suspended`));
    const planned = syncNotifications(summaryOf(many), ['service-suspended'], SHELL_WORDS.en.notifications);
    expect(planned).toHaveLength(3);
    expect(planned[2]).toEqual({ title: '8 more changes', body: expect.any(String), open: null });
  });
});

describe('the remembered window state', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 };

  it('is restored where it still shows on a display', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 700, maximized: true };
    expect(restoreWindowState(saved, [display])).toEqual(saved);
  });

  it('keeps the size but not the position of a window on a display that is gone', () => {
    expect(restoreWindowState({ x: 2500, y: 50, width: 1200, height: 700, maximized: false }, [display])).toEqual({ width: 1200, height: 700, maximized: false });
  });

  it('falls back to the default size for anything unreadable or too small', () => {
    expect(restoreWindowState(undefined, [display])).toEqual({ width: 1280, height: 800, maximized: false });
    expect(restoreWindowState({ width: 200, height: 100, maximized: false }, [display])).toEqual({ width: 1280, height: 800, maximized: false });
  });
});

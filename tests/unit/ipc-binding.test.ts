/**
 * The desktop shell's IPC binding (electron/main/ipc.ts) with a real Desk on a temporary data folder, and
 * Electron-free fakes of ipcMain and of windows (Electron cannot run here): only the main frame of one of the
 * app's own live windows is answered; inputs are parsed by the contract's schemas with per-field messages;
 * failures cross as CallErrors without a stack; events reach every live window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Desk } from '../../electron/core/desk/index.js';
import type { SettingsStore } from '../../electron/core/settings-store.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import { DeskBinding, type BoundWindow, type InvokeSender, type IpcMainLike } from '../../electron/main/ipc.js';
import { eventChannel, procedureChannel, type CallReply } from '../../shared/bridge.js';
import { DEFAULT_SETTINGS, PROCEDURE_NAMES } from '../../shared/contract.js';

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeSender, input: unknown) => Promise<CallReply>>();
  handle(channel: string, listener: (event: InvokeSender, input: unknown) => Promise<CallReply>): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: InvokeSender, input?: unknown): Promise<CallReply> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, input);
  }
}

class FakeWindow implements BoundWindow {
  destroyed = false;
  readonly sent: [string, unknown][] = [];
  readonly webContents = {
    mainFrame: { name: 'main frame' },
    send: (channel: string, payload: unknown) => void this.sent.push([channel, payload]),
  };
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** An invoke event from this window's top frame, or from a frame inside it. */
  fromMainFrame(): InvokeSender {
    return { sender: this.webContents, senderFrame: this.webContents.mainFrame };
  }
  fromSubframe(): InvokeSender {
    return { sender: this.webContents, senderFrame: { name: 'iframe' } };
  }
}

let dir: string;
let desk: Desk;
let ipc: FakeIpcMain;
let binding: DeskBinding;

async function openDesk(settings?: SettingsStore): Promise<void> {
  desk = await Desk.open({ dataDir: join(dir, `app-${Math.random()}`), vault: new MemoryVault('tests'), background: false, ...(settings ? { settings } : {}) });
  ipc = new FakeIpcMain();
  binding = new DeskBinding(desk, ipc);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ipc-binding-'));
  await openDesk();
});
afterEach(async () => {
  binding.dispose();
  await desk.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the IPC binding', () => {
  it('handles every procedure of the contract, once, and removes its handlers when disposed', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual(PROCEDURE_NAMES.map(procedureChannel).sort());
    binding.dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers the main frame of an attached window', async () => {
    const window = new FakeWindow();
    binding.attach(window);
    expect(await ipc.invoke(procedureChannel('accounts.list'), window.fromMainFrame())).toEqual({ ok: true, value: [] });
  });

  it('refuses a frame inside the window, another webContents, a detached window and a destroyed one', async () => {
    const window = new FakeWindow();
    const detach = binding.attach(window);
    const stranger = new FakeWindow();
    const refused = { ok: false, error: { code: 'refused', message: expect.stringContaining('did not come from the app') } };
    const call = (event: InvokeSender) => ipc.invoke(procedureChannel('settings.get'), event);

    expect(await call(window.fromSubframe())).toEqual(refused);
    expect(await call(stranger.fromMainFrame())).toEqual(refused);
    window.destroyed = true;
    expect(await call(window.fromMainFrame())).toEqual(refused);
    window.destroyed = false;
    detach();
    expect(await call(window.fromMainFrame())).toEqual(refused);
  });

  it('refuses a bad input with the schema’s message for the field', async () => {
    const window = new FakeWindow();
    binding.attach(window);
    const reply = await ipc.invoke(procedureChannel('accounts.select'), window.fromMainFrame(), { name: '' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!reply.ok && reply.error.issues).toContainEqual({ field: 'name', message: 'is required' });
    const outOfRange = await ipc.invoke(procedureChannel('settings.set'), window.fromMainFrame(), { notifyKinds: ['ticket-answered', 'weather'] });
    expect(outOfRange).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ field: 'notifyKinds.1', message: expect.stringMatching(/^must be one of ticket-answered, /) }] } });
  });

  it('lets the shell answer print.savePdf itself with the sender, its input parsed by the schema; the engine alone refuses it', async () => {
    const window = new FakeWindow();
    binding.attach(window);
    expect(await ipc.invoke(procedureChannel('print.savePdf'), window.fromMainFrame(), { fileName: 'invoice-7.pdf' })).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringContaining('desktop app') } });

    binding.dispose();
    const asked: [unknown, unknown][] = [];
    binding = new DeskBinding(desk, ipc, { 'print.savePdf': async (input, sender) => (asked.push([input, sender]), { saved: true }) });
    binding.attach(window);
    expect(await ipc.invoke(procedureChannel('print.savePdf'), window.fromMainFrame(), { fileName: 'invoice-7.pdf' })).toEqual({ ok: true, value: { saved: true } });
    expect(asked).toEqual([[{ fileName: 'invoice-7.pdf' }, window.webContents]]);
    const bad = await ipc.invoke(procedureChannel('print.savePdf'), window.fromMainFrame(), { fileName: '../../etc/passwd' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ field: 'fileName', message: 'must be a file name ending in .pdf' }] } });
    expect(asked).toHaveLength(1);
    expect(await ipc.invoke(procedureChannel('print.savePdf'), window.fromSubframe(), { fileName: 'a.pdf' })).toMatchObject({ ok: false, error: { code: 'refused' } });
  });

  it('serializes a failure as a CallError: code and sentence, no stack or other fields', async () => {
    binding.dispose();
    await desk.dispose();
    const broken = new TypeError('settings file unreadable');
    await openDesk({
      get: () => {
        throw broken;
      },
      set: () => DEFAULT_SETTINGS,
    });
    const window = new FakeWindow();
    binding.attach(window);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const reply = await ipc.invoke(procedureChannel('settings.get'), window.fromMainFrame());

    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'settings.get failed unexpectedly: settings file unreadable' } });
    // What crosses IPC is structured-cloned: only plain fields, and no stack among them.
    expect(JSON.stringify(structuredClone(reply))).not.toContain(broken.stack!.split('\n')[1]!.trim());
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('delivers Desk events and the shell’s app.command to every live window, and stops after dispose', () => {
    const first = new FakeWindow();
    const second = new FakeWindow();
    const closed = new FakeWindow();
    binding.attach(first);
    binding.attach(second);
    binding.attach(closed);
    closed.destroyed = true;

    desk.emit('data.changed', { resources: ['contacts'] });
    binding.send('app.command', { command: 'search' });

    const expected = [
      [eventChannel('data.changed'), { resources: ['contacts'] }],
      [eventChannel('app.command'), { command: 'search' }],
    ];
    expect(first.sent).toEqual(expected);
    expect(second.sent).toEqual(expected);
    expect(closed.sent).toEqual([]);

    binding.dispose();
    desk.emit('data.changed', { resources: ['domains'] });
    expect(first.sent).toHaveLength(2);
  });
});

/**
 * The preload (electron/preload/index.ts) with Electron's contextBridge and ipcRenderer faked (Electron cannot
 * run here): it exposes `window.desk` as a frozen DeskHostBridge whose replies pass through unchanged, and
 * names outside the contract never reach IPC.
 */
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventChannel, procedureChannel, type CallReply, type DeskHostBridge } from '../../shared/bridge.js';

const exposed = new Map<string, unknown>();
const invoked: [string, unknown][] = [];
const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke: async (channel: string, input: unknown): Promise<CallReply> => {
    invoked.push([channel, input]);
    return { ok: false, error: { code: 'invalid_input', message: 'accounts.select: name is required', issues: [{ field: 'name', message: 'is required' }] } };
  },
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer,
}));

let desk: DeskHostBridge;
beforeAll(async () => {
  await import('../../electron/preload/index.js');
  desk = exposed.get('desk') as DeskHostBridge;
});

describe('the preload’s window.desk', () => {
  it('is the only thing exposed, frozen, and says it is the Electron host', () => {
    expect([...exposed.keys()]).toEqual(['desk']);
    expect(Object.isFrozen(desk)).toBe(true);
    expect(desk.host).toBe('electron');
  });

  it('passes a procedure’s reply through unchanged, failures included (the renderer’s bridge rebuilds them)', async () => {
    const reply = await desk.invoke('accounts.select', { name: '' });
    expect(invoked).toEqual([[procedureChannel('accounts.select'), { name: '' }]]);
    expect(reply).toEqual({ ok: false, error: { code: 'invalid_input', message: 'accounts.select: name is required', issues: [{ field: 'name', message: 'is required' }] } });
  });

  it('answers a name outside the contract itself, without IPC', async () => {
    invoked.length = 0;
    expect(await desk.invoke('vault.dump')).toEqual({ ok: false, error: { code: 'not_found', message: 'No procedure named "vault.dump".' } });
    expect(invoked).toEqual([]);
  });

  it('subscribes to contract events only, and unsubscribes', () => {
    expect(() => desk.on('ipc.anything', () => {})).toThrow('No event named "ipc.anything".');
    const heard: unknown[] = [];
    const off = desk.on('app.command', (payload) => heard.push(payload));
    ipcRenderer.emit(eventChannel('app.command'), {}, { command: 'search' });
    off();
    ipcRenderer.emit(eventChannel('app.command'), {}, { command: 'sync' });
    expect(heard).toEqual([{ command: 'search' }]);
    expect(ipcRenderer.listenerCount(eventChannel('app.command'))).toBe(0);
  });
});

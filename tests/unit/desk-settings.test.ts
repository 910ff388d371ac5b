/**
 * The appearance settings through Desk, as a front end sets them: theme and language are kept by the engine's
 * settings file (shared by the desktop shell and the web host), and a value it does not know is refused with the
 * field named, the stored one kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../electron/core/desk/index.js';
import type { DeskError } from '../../electron/core/desk-error.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';

let dir: string;
const open = () => Desk.open({ dataDir: dir, vault: new MemoryVault('tests'), background: false });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Desk settings: theme and language', () => {
  it('start as the system ones and keep a choice across reopening', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-settings-'));
    const desk = await open();
    expect(await desk.call('settings.get')).toMatchObject({ theme: 'system', language: 'system' });
    expect(await desk.call('settings.set', { theme: 'dark', language: 'it' })).toMatchObject({ theme: 'dark', language: 'it' });
    await desk.dispose();
    const again = await open();
    expect(await again.call('settings.get')).toMatchObject({ theme: 'dark', language: 'it' });
    await again.dispose();
  });

  it('tell every window of a change as it is saved, and of a refused one nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-settings-'));
    const desk = await open();
    const heard: unknown[] = [];
    desk.on('settings.changed', (settings) => heard.push(settings));
    const saved = await desk.call('settings.set', { language: 'it' });
    expect(heard).toEqual([saved]);
    expect(saved).toMatchObject({ language: 'it', theme: 'system' });
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a theme outside the schema on purpose, to see the refusal
    await desk.call('settings.set', { theme: 'sepia' } as never).catch(() => undefined);
    expect(heard).toHaveLength(1);
    await desk.dispose();
  });

  it('refuse an unknown theme or language, naming the field, and keep what was stored', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-settings-'));
    const desk = await open();
    await desk.call('settings.set', { language: 'en' });
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- values outside the schema on purpose, to see the refusal
    const error = (await desk.call('settings.set', { theme: 'sepia', language: 'de' } as never).catch((e: unknown) => e)) as DeskError;
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.map((i) => i.field).sort()).toEqual(['language', 'theme']);
    expect(await desk.call('settings.get')).toMatchObject({ theme: 'system', language: 'en' });
    await desk.dispose();
  });
});

/**
 * The reseller as the printed invoices' issuer, through Desk: name, address and VAT number kept in the settings,
 * the logo as a file in the data folder given back as a data: URL, its bytes checked to be the image it says.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../electron/core/desk/index.js';
import type { DeskError } from '../../electron/core/desk-error.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';

let dir: string;
const open = () => Desk.open({ dataDir: dir, vault: new MemoryVault('tests'), background: false });
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('Desk settings: the issuer', () => {
  it('keeps a name, an address and a VAT number across reopening, empty at first', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-issuer-'));
    const desk = await open();
    expect((await desk.call('settings.get')).issuer).toEqual({ name: '', address: '', vatNumber: '' });
    const issuer = { name: 'Rossi Hosting S.r.l.', address: 'Via Roma 1\n00100 Roma RM\nItalia', vatNumber: 'IT01234567890' };
    expect((await desk.call('settings.set', { issuer })).issuer).toEqual(issuer);
    await desk.dispose();
    const again = await open();
    expect((await again.call('settings.get')).issuer).toEqual(issuer);
    await again.dispose();
  });

  it('keeps one logo in the data folder, readable by its owner alone, and gives it back as a data: URL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-issuer-'));
    const desk = await open();
    expect(await desk.call('settings.logo')).toBeNull();
    const saved = await desk.call('settings.setLogo', { logo: { type: 'image/png', bytes: PNG } });
    expect(saved).toEqual({ type: 'image/png', bytes: PNG.byteLength, dataUrl: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` });
    expect(statSync(join(dir, 'issuer-logo.png')).mode & 0o077).toBe(0);
    // A JPEG replaces it; removing leaves none.
    expect((await desk.call('settings.setLogo', { logo: { type: 'image/jpeg', bytes: JPEG } }))?.type).toBe('image/jpeg');
    expect(readdirSync(dir).filter((f) => f.startsWith('issuer-logo'))).toEqual(['issuer-logo.jpg']);
    await desk.dispose();
    const again = await open();
    expect((await again.call('settings.logo'))?.type).toBe('image/jpeg');
    expect(await again.call('settings.setLogo', { logo: null })).toBeNull();
    expect(await again.call('settings.logo')).toBeNull();
    await again.dispose();
  });

  it('refuses a file that is not the image it says, an SVG and one too big, keeping the last', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-desk-issuer-'));
    const desk = await open();
    await desk.call('settings.setLogo', { logo: { type: 'image/png', bytes: PNG } });
    const refused = (await desk.call('settings.setLogo', { logo: { type: 'image/png', bytes: JPEG } }).catch((e: unknown) => e)) as DeskError;
    expect(refused.issues).toEqual([{ field: 'logo', message: 'is not the image it says it is' }]);
    const svg: unknown = { logo: { type: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') } };
    await expect(desk.call('settings.setLogo', svg as { logo: null })).rejects.toThrow(/PNG, JPEG, GIF or WebP/);
    await expect(desk.call('settings.setLogo', { logo: { type: 'image/png', bytes: new Uint8Array(600 * 1024) } })).rejects.toThrow(/at most 512 KB/);
    expect((await desk.call('settings.logo'))?.type).toBe('image/png');
    await desk.dispose();
  });
});

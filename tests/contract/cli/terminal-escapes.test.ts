/**
 * Provider text with terminal controls (issue 35.13): `search`, `show` and the sync's tables print ESC, BEL,
 * backspace, CR and C1 controls escaped, so that a provider cannot move the cursor, retitle the window or hide text
 * on the person's terminal; JSON and CSV keep the data as it is (JSON as valid escapes of the same characters).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { addAccount, cli, newDataDir, secretsOf } from './harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dataDir = newDataDir();
let sb: RunningSandbox;
const HOSTILE = 'Mallory\u001b]0;owned\u0007\u0008\rX\u001b[2J\u009b31m\u007f';
/** Control characters a terminal acts on: C0 but the line break, DEL, C1. */
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
let contactId: number;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  contactId = (sb.db.prepare('SELECT id FROM contacts ORDER BY id LIMIT 1').pluck().get() as number);
  sb.db.prepare('UPDATE contacts SET firstname = ?, lastname = ? WHERE id = ?').run(HOSTILE, 'Zanzibar', contactId);
  expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
  expect((await cli(dataDir, ['sync'], { secrets: secretsOf(sb) })).code).toBe(0);
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('provider text on the terminal', () => {
  it('search and show print control characters escaped, in tables and in plain lines', async () => {
    const found = await cli(dataDir, ['search', 'zanzibar']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).not.toMatch(CONTROLS);
    expect(found.stdout).toContain('Mallory\\x1b]0;owned\\x07\\x08\\rX\\x1b[2J\\x9b31m\\x7f Zanzibar');

    const shown = await cli(dataDir, ['show', 'contacts', String(contactId)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toMatch(CONTROLS);
    expect(shown.stdout).toMatch(/^firstName: Mallory\\x1b\]0;owned\\x07/m);
  });

  it('JSON and CSV keep the data as data', async () => {
    const json = await cli(dataDir, ['show', 'contacts', String(contactId), '--json']);
    expect(json.stdout).not.toMatch(CONTROLS);
    expect((JSON.parse(json.stdout) as { firstName: string }).firstName).toBe(HOSTILE);
    const hits = await cli(dataDir, ['search', 'zanzibar', '--json']);
    expect(hits.stdout).not.toMatch(CONTROLS);
    expect((JSON.parse(hits.stdout) as { title: string }[]).map((hit) => hit.title)).toContain(`${HOSTILE} Zanzibar`);

    const csv = await cli(dataDir, ['export', 'contacts', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain('Mallory\u001b]0;owned\u0007');
  });
});

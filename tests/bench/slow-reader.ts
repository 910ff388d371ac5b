/**
 * The web host's memory under a tab that sends calls and never reads the replies (each a page of 1,000 domains
 * of the demo account): how far the host's resident memory rises over its own before the socket is cut, with
 * the bound it ships with (MAX_QUEUED_BYTES) and, as the baseline measured in the same run, the 64 MB it had.
 * Run: `npx tsx tests/bench/slow-reader.ts` (prints a table). Each bound runs in a fresh Desk and host.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { Desk } from '../../electron/core/desk/index.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import { startDemoProvider } from '../../electron/demo-provider.js';
import { MAX_QUEUED_BYTES, startWebHost } from '../../electron/web/host.js';

const TOKEN = 'c'.repeat(43);
const MB = 1024 * 1024;

async function peakOverBase(maxQueuedBytes: number): Promise<{ calls: number; cut: boolean; overMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'slow-reader-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>');
  const desk = await Desk.open({ dataDir: join(dir, 'data'), vault: new MemoryVault('bench'), background: false, startDemoProvider, log: () => undefined });
  await desk.call('accounts.demo');
  await desk.call('sync.run');
  const host = await startWebHost({ desk, rendererDir: join(dir, 'renderer'), token: TOKEN, port: 0, maxQueuedBytes });
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
  await new Promise((resolve) => ws.once('open', resolve));
  ws.pause();
  let calls = 0;
  while (host.openSockets() > 0 && calls < 20_000) {
    for (let i = 0; i < 50; i++) ws.send(JSON.stringify({ type: 'call', id: ++calls, name: 'data.list', input: { resource: 'domains', limit: 1000 } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(sampler);
  const cut = host.openSockets() === 0;
  ws.terminate();
  await host.close();
  await desk.dispose();
  rmSync(dir, { recursive: true, force: true });
  return { calls, cut, overMb: (peak - base) / MB };
}

const rows: string[][] = [];
for (const [label, bound] of [['64 MB (baseline)', 64 * MB], [`${MAX_QUEUED_BYTES / MB} MB (shipped)`, MAX_QUEUED_BYTES]] as const) {
  const { calls, cut, overMb } = await peakOverBase(bound);
  rows.push([label, String(calls), cut ? 'yes' : 'NO', overMb.toFixed(0)]);
}
const header = ['bound', 'calls sent', 'socket cut', 'peak over base (MB)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, widths.map((w) => '-'.repeat(w)), ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | '));
process.exit(0);

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess } from './sandbox-process.js';
import { bundleWorker } from './worker-bundle.js';
import { runWorker } from './workers.js';
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const bundle = await bundleWorker(join(dir, 'bundle'));
const sb = await startSandboxProcess(['--preset', 'large', '--today', '2026-11-22', '--port', '0', '--alt-port', '0', '--control-port', '0']);
const warm = await runWorker(bundle, { kind: 'sync', sandbox: sb.info, mirrorPath: join(dir, 'w.sqlite') } as any);
const out: string[] = [];
for (let i = 0; i < Number(process.env.ROUNDS ?? 4); i++) {
  const raw = await runWorker(bundle, { kind: 'raw', sandbox: sb.info, plan: (warm as any).plan } as any);
  const s = await runWorker(bundle, { kind: 'sync', sandbox: sb.info, mirrorPath: join(dir, `s${i}.sqlite`) } as any);
  out.push(`${((s as any).wallMs / (raw as any).wallMs).toFixed(3)}/${Math.round((s as any).cpuMs)}/${Math.round(s.peakRssMb)}`);
}
console.log('RATIOS', out.join(' '));
await sb.stop();

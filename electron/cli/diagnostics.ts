/** `npx reseller-desk diagnostics --out FILE`: the diagnostics bundle (core/diagnostics/collect.ts) written where asked. */
import { writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../core/storage/private-files.js';
import { UsageError } from './args.js';
import type { CommandContext } from './context.js';
import { say } from './output.js';
import { version } from './version.js';

export async function diagnostics({ desk, options }: CommandContext): Promise<number> {
  const out = options.out;
  if (!out) throw new UsageError('diagnostics: --out FILE is required (where to write the bundle)', 'diagnostics');
  writeFileSync(out, desk.diagnostics({ app: version(), electron: null }), { mode: PRIVATE_FILE_MODE });
  say(`wrote the diagnostics to ${out}: versions, settings, accounts without secrets, each file's health, the last sync runs, the outbox by kind and state, the log's last lines; read it before sending it`);
  return 0;
}

/**
 * `npm run soak [-- --edits N] [--token-life S]`: the soak at full size (5,000 edits, 30 s tokens) against the
 * sandbox with 500s, resets and 429s, then as many through the web host's own process; prints the server's counts
 * against what each edit should have made, the peak memory of the process that replays (the engine's) and that of
 * the web host over its replay and full sync. Exits 1 when an edit is lost or applied twice.
 */
import { parseArgs } from 'node:util';
import { runSoak, type ServerCounts } from './soak.js';

const { values } = parseArgs({ options: { edits: { type: 'string', default: '5000' }, 'token-life': { type: 'string', default: '30' } } });
const edits = Number(values.edits);
const tokenLifeSeconds = Number(values['token-life']);
if (!Number.isInteger(edits) || edits < 10 || !Number.isInteger(tokenLifeSeconds) || tokenLifeSeconds < 1) {
  throw new Error('--edits takes a whole number ≥ 10, --token-life a whole number of seconds ≥ 1');
}
const counts = await runSoak({ edits, tokenLifeSeconds, log: (line) => process.stderr.write(`soak: ${line}\n`) });
const web = counts.webHost!;
const lines = (server: ServerCounts) =>
  Object.entries(server).map(([what, { expected, found }]) => `${found === expected ? 'ok  ' : 'MISS'} ${what.padEnd(48)} ${found} of ${expected}`);
process.stdout.write(
  [
    `${counts.queued} edits queued, ${counts.confirmed} confirmed, ${counts.reviewed} reviewed and retried, in ${counts.seconds} s`,
    ...lines(counts.server),
    `peak RSS of the soak process (the replaying engine with the sandbox in it): ${counts.peakRssMb} MB`,
    `web host: ${web.queued} edits queued through it, ${web.confirmed} confirmed, a full sync of ${web.syncedRows} rows, in ${web.seconds} s`,
    ...lines(web.server),
    `peak RSS of the web host during replay and sync: ${web.peakRssMb === null ? 'not told by this system (no /proc)' : `${web.peakRssMb} MB`}`,
    '',
  ].join('\n'),
);
const allApplied = (server: ServerCounts) => Object.values(server).every(({ expected, found }) => expected === found);
process.exitCode = allApplied(counts.server) && counts.confirmed === counts.queued && allApplied(web.server) && web.confirmed === web.queued ? 0 : 1;

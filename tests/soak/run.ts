/**
 * `npm run soak [-- --edits N] [--token-life S]`: the soak at full size (5,000 edits, 30 s tokens) against the
 * sandbox with 500s, resets and 429s; prints the server's counts against what each edit should have made, and
 * the peak memory of the process that replays (the engine's). Exits 1 when an edit is lost or applied twice.
 */
import { parseArgs } from 'node:util';
import { runSoak } from './soak.js';

const { values } = parseArgs({ options: { edits: { type: 'string', default: '5000' }, 'token-life': { type: 'string', default: '30' } } });
const edits = Number(values.edits);
const tokenLifeSeconds = Number(values['token-life']);
if (!Number.isInteger(edits) || edits < 10 || !Number.isInteger(tokenLifeSeconds) || tokenLifeSeconds < 1) {
  throw new Error('--edits takes a whole number ≥ 10, --token-life a whole number of seconds ≥ 1');
}
const counts = await runSoak({ edits, tokenLifeSeconds, log: (line) => process.stderr.write(`soak: ${line}\n`) });
const lines = Object.entries(counts.server).map(([what, { expected, found }]) => `${found === expected ? 'ok  ' : 'MISS'} ${what.padEnd(48)} ${found} of ${expected}`);
process.stdout.write(
  [
    `${counts.queued} edits queued, ${counts.confirmed} confirmed, ${counts.reviewed} reviewed and retried, in ${counts.seconds} s`,
    ...lines,
    `peak RSS of the soak process (the replaying engine with the sandbox in it): ${counts.peakRssMb} MB`,
    '',
  ].join('\n'),
);
process.exitCode = Object.values(counts.server).every(({ expected, found }) => expected === found) && counts.confirmed === counts.queued ? 0 : 1;

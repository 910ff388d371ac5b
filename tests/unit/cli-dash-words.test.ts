/** A word starting with a dash is a word, not an option we do not have (issue 35.16: `search -bright`). */
import { describe, expect, it } from 'vitest';
import { readCommandLine, UsageError } from '../../electron/cli/args.js';

const run = (argv: string[]) => {
  const line = readCommandLine(argv);
  if (line.kind !== 'run') throw new Error(`expected a command, got ${line.kind}`);
  return { command: line.command, words: line.words, options: line.options };
};

describe('words starting with a dash', () => {
  it('are searched for, with the options around them read as options', () => {
    expect(run(['search', '-bright'])).toMatchObject({ command: 'search', words: ['-bright'] });
    expect(run(['search', '-bright', '--json', '--limit', '5'])).toMatchObject({ words: ['-bright'], options: { json: true, limit: '5' } });
    expect(run(['--json', 'search', '-x'])).toMatchObject({ command: 'search', words: ['-x'], options: { json: true } });
    expect(run(['search', '--', '--json'])).toMatchObject({ words: ['--json'] });
  });

  it('leave -h, long options and their mistakes as they were', () => {
    expect(readCommandLine(['search', '-h'])).toEqual({ kind: 'help', command: 'search' });
    expect(() => readCommandLine(['search', 'x', '--jsno'])).toThrow(UsageError);
    expect(() => readCommandLine(['status', '-bright'])).toThrow('status: unexpected "-bright"');
  });
});

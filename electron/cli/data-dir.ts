/** The data folder the command line names (or the default), checked before the engine opens it. */
import { accessSync, constants, statSync } from 'node:fs';
import { makePrivateDir } from '../core/storage/private-files.js';
import { diskFullMessage, isDiskFull } from '../core/storage/storage-words.js';
import { UsageError } from './args.js';

export function checkDataDir(dir: string, named: boolean): void {
  const what = named ? `--data-dir ${dir}` : `the data folder ${dir}`;
  let stat;
  try {
    stat = statSync(dir);
  } catch {
    try {
      // Made private at once (0700): the engine would otherwise find it readable by others and say so.
      makePrivateDir(dir);
      return;
    } catch (error) {
      // No room is no mistake in the command line: said in words, with the room left and where.
      if (isDiskFull(error)) throw new Error(`${what} cannot be created: ${lowerFirst(diskFullMessage(dir))}`);
      throw new UsageError(`${what} cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  if (!stat.isDirectory()) throw new UsageError(`${what} is a file, not a folder`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${what} is read-only: give a folder you can write to`);
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

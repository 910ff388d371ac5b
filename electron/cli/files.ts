/** Files named on the command line: only regular files, sized before they are read. */
import { lstatSync } from 'node:fs';
import { UsageError } from './args.js';
import type { CommandName } from './commands.js';

/** The size of a regular file; a UsageError saying why not otherwise (`where` names it in the message). */
export function regularFileSize(path: string, where: string, command: CommandName): number {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) throw new UsageError(`${where}: not a regular file`, command);
    return stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${where}: cannot be read (${(error as NodeJS.ErrnoException).code})`, command);
  }
}

/**
 * reseller-desk: the engine without a window, for scripting and for checking the engine against any provider.
 * Every command goes through the same Desk the app uses, by its procedures only. Exit status: 0 success,
 * 1 failure, 2 bad usage, 130 interrupted.
 */
import { readCommandLine, UsageError, type CommandLine } from './cli/args.js';
import { commandHelp, usage } from './cli/help.js';
import { say } from './cli/output.js';
import { version } from './cli/version.js';
import { defaultDataDir } from './core/data-dir.js';

export async function main(argv: string[]): Promise<number> {
  let line: CommandLine;
  try {
    line = readCommandLine(argv);
  } catch (error) {
    return usageError(error as UsageError);
  }
  if (line.kind === 'version') {
    process.stdout.write(`reseller-desk ${version()}\n`);
    return 0;
  }
  if (line.kind === 'help') {
    (line.bad ? process.stderr : process.stdout).write(line.command === null ? usage(defaultDataDir()) : commandHelp(line.command));
    return line.bad ? 2 : 0;
  }
  // The engine and the commands load only for a command to run (cli/run.ts): they are most of a start's time.
  const { runCommand } = await import('./cli/run.js');
  try {
    return await runCommand(line);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error);
    throw error;
  }
}
function usageError(error: UsageError): number {
  const help = error.command ? `npx reseller-desk help ${error.command}` : 'npx reseller-desk --help';
  say(`reseller-desk: ${error.message}\nRun ${help} for usage.`);
  return 2;
}

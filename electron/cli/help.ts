/** The usage text, whole (`--help`) and per command (`help sync`, `sync --help`), drawn from the command table. */
import { COMMANDS, OPTION_HELP, type CommandName, type CommandSpec } from './commands.js';

const SECRETS = `Secrets come from the OS keychain, or from RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD, which are used
for this command only and never written anywhere. Without a keychain, set both for every command that talks to the
provider.`;

export function usage(defaultDataDir: string): string {
  const lines = Object.entries(COMMANDS).map(([name, spec]) => {
    const synopsis = `${name}${wordsOf(spec)}`;
    return synopsis.length < 22 ? `  ${synopsis.padEnd(22)}${spec.summary}` : `  ${synopsis}\n  ${''.padEnd(22)}${spec.summary}`;
  });
  return `Usage: reseller-desk <command> [options]

Commands:
${lines.join('\n')}
  help COMMAND          what a command does and the options it takes

Options for every command:
  --data-dir DIR        where accounts, mirrors and outboxes live (default: ${defaultDataDir})
  -h, --help            help (after a command: that command's)
  --version             the version

Resources: client, departments, tickets, services, domains, orders, transactions, contacts, announcements,
catalogue, invoices (invoices created here). Exit status: 0 success, 1 failure, 2 bad usage, 130 interrupted.

${SECRETS}
`;
}

export function commandHelp(name: CommandName): string {
  const spec: CommandSpec = COMMANDS[name];
  const options = spec.options.map((option) => `  ${OPTION_HELP[option]}`);
  return [
    `Usage: reseller-desk ${name}${wordsOf(spec)}${spec.options.length > 0 ? ' [options]' : ''}`,
    '',
    `${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`,
    ...(spec.details ? [spec.details] : []),
    '',
    'Options:',
    ...options,
    '  --data-dir DIR      where accounts, mirrors and outboxes live',
    ...(spec.provider ? ['', SECRETS] : []),
    '',
  ].join('\n');
}

function wordsOf(spec: CommandSpec): string {
  return spec.words.names.map((w) => ` ${w}`).join('');
}

/**
 * The command line read into a command, its words and its options; anything that does not fit is a UsageError
 * (exit 2) that says what is wrong in the command line's own words.
 */
import { parseArgs } from 'node:util';
import { COMMANDS, OPTIONS, type CommandName, type CommandSpec, type OptionName } from './commands.js';

export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help says how to do it right. */
    readonly command: CommandName | null = null,
  ) {
    super(message);
  }
}

export type OptionValues = {
  [K in OptionName]?: (typeof OPTIONS)[K] extends { type: 'boolean' } ? boolean : (typeof OPTIONS)[K] extends { multiple: true } ? string[] : string;
};

export type CommandLine =
  | { kind: 'version' }
  /** `bad`: no command was given at all (the usage is the answer, with exit status 2). */
  | { kind: 'help'; command: CommandName | null; bad?: boolean }
  | { kind: 'run'; command: CommandName; spec: CommandSpec; words: string[]; options: OptionValues; dataDir: string | undefined };

export function readCommandLine(argv: string[]): CommandLine {
  let values: Record<string, unknown>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: dashWordsAsWords(argv), options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError(plainParseError(error as Error));
  }
  if (values.version) {
    if (positionals.length > 0) throw new UsageError('--version takes no command');
    return { kind: 'version' };
  }
  if (positionals[0] === 'help') return { kind: 'help', command: positionals.length > 1 ? commandOf(positionals.slice(1)).command : null };
  if (positionals.length === 0) return { kind: 'help', command: null, bad: !values.help };
  const { command, words } = commandOf(positionals);
  if (values.help) return { kind: 'help', command };
  const spec: CommandSpec = COMMANDS[command];
  const { 'data-dir': dataDir, help: _help, ...options } = values;
  const foreign = Object.keys(options).filter((name) => !spec.options.includes(name as OptionName));
  if (foreign.length > 0) throw new UsageError(`${command} does not take ${foreign.map((name) => `--${name}`).join(', ')}`, command);
  const [min, max] = spec.words.length;
  if (words.length < min) throw new UsageError(`${command}: ${spec.words.names.slice(words.length, min).join(' ')} is required`, command);
  if (words.length > max) throw new UsageError(`${command}: unexpected ${words.slice(max).map((w) => `"${w}"`).join(' ')}`, command);
  return { kind: 'run', command, spec, words, options: options as OptionValues, dataDir: dataDir as string | undefined };
}

/** The longest command the words start with ("outbox retry 7" is outbox retry with 7; "outbox" alone lists). */
function commandOf(positionals: string[]): { command: CommandName; words: string[] } {
  const [first, second] = positionals;
  const pair = `${first} ${second}`;
  if (second !== undefined && Object.hasOwn(COMMANDS, pair)) return { command: pair as CommandName, words: positionals.slice(2) };
  if (Object.hasOwn(COMMANDS, first!)) return { command: first as CommandName, words: positionals.slice(1) };
  const group = Object.keys(COMMANDS).filter((name) => name.startsWith(`${first} `));
  if (group.length > 0) {
    const subs = group.map((name) => name.slice(first!.length + 1)).join(', ');
    throw new UsageError(second === undefined ? `${first}: say which, one of ${subs}` : `${first}: no "${second}"; use one of ${subs}`);
  }
  throw new UsageError(`unknown command "${first}"`);
}

/**
 * A word that starts with one dash but is no short option we have (`search -bright`, a text to find) is a word,
 * not an option: it and the words after it go behind a '--', the options staying before it with their values.
 */
function dashWordsAsWords(argv: readonly string[]): string[] {
  const shorts = new Set(Object.values(OPTIONS).flatMap((spec) => ('short' in spec ? [`-${spec.short}`] : [])));
  const options: string[] = [];
  const words: string[] = [];
  let moved = false;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      words.push(...argv.slice(i + 1));
      moved = true;
      break;
    }
    const isDashWord = /^-[^-]/.test(token) && !shorts.has(token);
    if (token.startsWith('-') && !isDashWord) {
      options.push(token);
      const spec = (OPTIONS as Record<string, { type: string }>)[token.replace(/^--?/, '')];
      if (spec?.type === 'string' && !token.includes('=') && i + 1 < argv.length) options.push(argv[++i]!);
      continue;
    }
    moved ||= isDashWord;
    (moved ? words : options).push(token);
  }
  return moved ? [...options, '--', ...words] : options;
}

/** node:util's messages, without their advice about '--' (a word starting with '-' is read as a word already). */
function plainParseError(error: Error): string {
  const unknown = /Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(error.message);
  if (missing) return `${missing[1]} needs a value`;
  const boolean = /Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(error.message);
  if (boolean) return `${boolean[1]} takes no value`;
  return error.message;
}

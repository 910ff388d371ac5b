/** Every failure of a Desk call, turned into the contract's CallError: a code a front end acts on, and a sentence. */
import { z } from 'zod';
import { describeIssues } from '../../shared/accounts.js';
import type { CallError } from '../../shared/contract.js';
import { OutboxValidationError } from '../../shared/outbox/schemas.js';
import { OutboxError } from '../../shared/outbox/states.js';
import { AccountError } from './accounts/account-store.js';
import { ApiError } from './api/index.js';
import { MirrorQueryError } from './mirror/index.js';
import { SchemaVersionError } from './sqlite.js';
import { OutboxFileError } from './storage/outbox-file.js';
import { diskFullMessage, isDamagedFile, isDiskFull } from './storage/storage-words.js';
import { VaultError } from './vault/secret-vault.js';
import { redactUrls } from '../../shared/redact-url.js';

export class DeskError extends Error implements CallError {
  override readonly name = 'DeskError';
  readonly issues?: CallError['issues'];

  constructor(
    readonly code: CallError['code'],
    message: string,
    issues?: CallError['issues'],
    readonly facts?: CallError['facts'],
  ) {
    // Every message that crosses to a front end: never an address's user name or password.
    super(redactUrls(message));
    if (issues) this.issues = issues.map((issue) => ({ ...issue, message: redactUrls(issue.message) }));
  }

  toJSON(): CallError {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}), ...(this.facts ? { facts: this.facts } : {}) };
  }
}

/** Where toDeskError says what it keeps out of the words (the Desk's log; stderr for a host's own errors). */
export type ErrorLog = (line: string, level: 'warn' | 'error') => void;
const stderrLog: ErrorLog = (line) => console.error(`reseller-desk: ${line}`);

/** `dataDir`: where a full disk is measured, and a damaged file looked for. */
export function toDeskError(error: unknown, procedure: string, dataDir?: string, log: ErrorLog = stderrLog): DeskError {
  if (error instanceof DeskError) return error;
  if (error instanceof OutboxFileError) return new DeskError('damaged_data', error.message);
  if (dataDir !== undefined && isDiskFull(error)) return new DeskError('disk_full', diskFullMessage(dataDir));
  if (isDamagedFile(error)) {
    return new DeskError('damaged_data', `${procedure} failed: a file of the account is damaged (${(error as Error).message}). Restart the app to have it checked.`);
  }
  if (error instanceof z.ZodError) {
    const issues = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    return new DeskError('invalid_input', `${procedure}: ${describeIssues(error)}`, issues);
  }
  if (error instanceof OutboxValidationError) return new DeskError('invalid_input', error.message, error.issues);
  if (error instanceof OutboxError) return new DeskError(error.code, error.message);
  if (error instanceof MirrorQueryError || error instanceof AccountError) return new DeskError('invalid_input', error.message);
  if (error instanceof SchemaVersionError) return new DeskError('newer_data', error.message);
  if (error instanceof VaultError) return new DeskError('keychain', `The keychain refused: ${error.message}`);
  if (error instanceof ApiError) {
    // The technical sentence goes to the log; the front end says it in words from its facts.
    log(`${procedure}: ${error.message}`, 'warn');
    if (error.kind === 'auth') return new DeskError('auth', `The provider refused the credentials: ${error.message}`, undefined, error.facts);
    if (error.kind === 'network') return new DeskError('offline', `The provider cannot be reached: ${error.message}`, undefined, error.facts);
    return new DeskError('provider', error.message, error.issues.length > 0 ? error.issues : undefined, error.facts);
  }
  // A bug of ours: say so plainly, and keep the detail in the log (never a token: ApiError drops headers).
  log(`${procedure} failed: ${redactUrls(error instanceof Error ? (error.stack ?? error.message) : String(error))}`, 'error');
  return new DeskError('internal', `${procedure} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
}

/** Every failure of a Desk call becomes a CallError whose code a front end can act on. */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toDeskError } from '../../electron/core/desk-error.js';
import { SchemaVersionError } from '../../electron/core/sqlite.js';
import { VaultError } from '../../electron/core/vault/secret-vault.js';

describe('toDeskError', () => {
  it('tells a database written by a newer app, and a keychain refusal, from a bug of ours', () => {
    expect(toDeskError(new SchemaVersionError('the mirror database was written by a newer version (5)'), 'data.list').toJSON()).toEqual({
      code: 'newer_data',
      message: 'the mirror database was written by a newer version (5)',
    });
    expect(toDeskError(new VaultError('the keychain is locked'), 'accounts.add').toJSON()).toEqual({
      code: 'keychain',
      message: 'The keychain refused: the keychain is locked',
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(toDeskError(new TypeError('x is undefined'), 'data.get').code).toBe('internal');
    log.mockRestore();
  });

  it('keeps each schema issue with its field', () => {
    const parsed = z.strictObject({ email: z.email({ error: 'must be an e-mail address' }) }).safeParse({ email: 'nope' });
    expect(toDeskError(parsed.error, 'accounts.add').toJSON()).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'email', message: 'must be an e-mail address' }],
    });
  });
});

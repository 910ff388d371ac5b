/**
 * The secret fields of an entry (named by its kind's definition) at rest: each value sealed on its own with the
 * account's AtRestCipher (`"password2": "sealed:v1:…"`), so the outbox file never holds one in plain text;
 * everything else stays readable JSON (what waiting and reconciliation read needs no key).
 */
import { MUTATIONS } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { AtRestCipher } from '../vault/at-rest-cipher.js';

type Fields = Record<string, unknown>;

/** A sealed secret the cipher cannot open: sealed under a key since lost (the vault kept it in memory only). */
export class LostSecretError extends Error {
  override readonly name = 'LostSecretError';

  constructor(readonly fields: readonly string[]) {
    super(
      `${fields.join(', ')} ${fields.length > 1 ? 'were' : 'was'} sealed with a key that is gone (no keychain kept it): edit the entry to give ${fields.length > 1 ? 'them' : 'it'} again`,
    );
  }
}

export const secretParamsOf = (kind: MutationKind): readonly string[] => MUTATIONS[kind].secretParams;
export const secretResultOf = (kind: MutationKind): readonly string[] => MUTATIONS[kind].secretResult;

/** `values` with each of `fields` present sealed. */
export function sealFields(values: Fields, fields: readonly string[], cipher: AtRestCipher): Fields {
  const present = fields.filter((field) => values[field] !== undefined);
  if (present.length === 0) return values;
  return { ...values, ...Object.fromEntries(present.map((field) => [field, cipher.seal(JSON.stringify(values[field]))])) };
}

/** `values` with each sealed field of `fields` opened; LostSecretError names those the cipher cannot open. */
export function openFields(values: Fields, fields: readonly string[], cipher: AtRestCipher): Fields {
  const { opened, lost } = openWhatCan(values, fields, cipher);
  if (lost.length > 0) throw new LostSecretError(lost);
  return opened;
}

/** `values` with the sealed fields of `fields` that the cipher can open opened, the others left sealed. */
export function openWhatCan(values: Fields, fields: readonly string[], cipher: AtRestCipher): { opened: Fields; lost: string[] } {
  const opened: Fields = { ...values };
  const lost: string[] = [];
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || !AtRestCipher.isSealed(value)) continue;
    const json = cipher.open(value);
    if (json === null) lost.push(field);
    else opened[field] = JSON.parse(json);
  }
  return { opened, lost };
}

export function withoutFields(values: Fields, fields: readonly string[]): Fields {
  if (!fields.some((field) => field in values)) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !fields.includes(key)));
}

export function withoutSecretParams(kind: MutationKind, params: Fields): Fields {
  return withoutFields(params, secretParamsOf(kind));
}

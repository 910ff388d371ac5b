/**
 * The frame, accounts, outbox, settings and common messages say the same things in English and Italian: every
 * key of one language is in the other, and no message is empty.
 */
import { describe, expect, it } from 'vitest';
import enAccounts from '../../renderer/src/i18n/en/accounts';
import enCommon from '../../renderer/src/i18n/en/common';
import enFrame from '../../renderer/src/i18n/en/frame';
import enOutbox from '../../renderer/src/i18n/en/outbox';
import enSettings from '../../renderer/src/i18n/en/settings';
import itAccounts from '../../renderer/src/i18n/it/accounts';
import itCommon from '../../renderer/src/i18n/it/common';
import itFrame from '../../renderer/src/i18n/it/frame';
import itOutbox from '../../renderer/src/i18n/it/outbox';
import itSettings from '../../renderer/src/i18n/it/settings';

type Messages = { [key: string]: string | Messages };

/** Every message's dotted key with its text. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const AREAS: [string, Messages, Messages][] = [
  ['accounts', enAccounts, itAccounts],
  ['common', enCommon, itCommon],
  ['frame', enFrame, itFrame],
  ['outbox', enOutbox, itOutbox],
  ['settings', enSettings, itSettings],
];

describe.each(AREAS)('%s messages', (_area, en, it_) => {
  it('has the same keys in English and Italian', () => {
    expect([...flatten(it_).keys()].sort()).toEqual([...flatten(en).keys()].sort());
  });

  it('has no empty message', () => {
    const empty = [...flatten(en), ...flatten(it_)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});

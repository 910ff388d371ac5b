/**
 * Every area's messages say the same things in English and Italian: every key of one language is in the other, no
 * message is empty, and a message with plural forms has as many in both.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

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

/**
 * Read by path at run time: the renderer's files belong to the web project, which the node project's type check
 * may not include.
 */
async function messages(language: 'en' | 'it', area: string): Promise<Messages> {
  const file = resolve(import.meta.dirname, '../../renderer/src/i18n', language, `${area}.ts`);
  return ((await import(pathToFileURL(file).href)) as { default: Messages }).default;
}

/** Every area: the files of i18n/en (each must have its Italian twin). */
const AREA_NAMES = readdirSync(resolve(import.meta.dirname, '../../renderer/src/i18n/en'))
  .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
  .map((name) => name.slice(0, -3));

const AREAS: [string, Messages, Messages][] = await Promise.all(
  AREA_NAMES.map(async (area) => [area, await messages('en', area), await messages('it', area)] as [string, Messages, Messages]),
);

it('covers every area of the app', () => {
  expect(AREA_NAMES.sort()).toEqual(['accounts', 'billing', 'common', 'dashboard', 'domains', 'errors', 'forms', 'frame', 'imports', 'lists', 'outbox', 'renewals', 'settings', 'shop']);
});

describe.each(AREAS)('%s messages', (_area, en, it_) => {
  it('has the same keys in English and Italian', () => {
    expect([...flatten(it_).keys()].sort()).toEqual([...flatten(en).keys()].sort());
  });

  it('has the same plural forms in both languages', () => {
    const forms = (text: string | undefined) => (text ?? '').split(' | ').length;
    const it_messages = flatten(it_);
    const differ = [...flatten(en)].filter(([key, text]) => forms(text) !== forms(it_messages.get(key))).map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('counts through plural forms, never a hand-made "(s)"', () => {
    const handMade = [...flatten(en), ...flatten(it_)].filter(([, text]) => /\w\((s|i|e|a)\)/.test(text)).map(([key]) => key);
    expect(handMade).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = [...flatten(en), ...flatten(it_)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});

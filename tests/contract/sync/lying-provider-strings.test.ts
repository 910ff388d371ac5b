/**
 * A provider that sends huge strings (a proxy in front of the strict sandbox): no text field is kept past its
 * kind's limit (a name 1,024 characters, free text 65,536, a document 1,048,576). In a sync the field is left
 * unset with a warning naming it and the record kept; every other field and resource syncs as usual.
 */
import { statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { setUpSync, startTestSandbox, type SyncSetup } from './harness.js';
import { startLyingProvider, type LyingProvider } from './lying-provider.js';

let sb: RunningSandbox;
const opened: Array<{ provider: LyingProvider; setup: SyncSetup }> = [];

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.stop());
afterEach(async () => {
  for (const { provider, setup } of opened.splice(0)) {
    setup.close();
    await provider.stop();
  }
});

const HUGE_NAME = 'N'.repeat(4 * 1024 * 1024);
const LONG_DESCRIPTION = 'd'.repeat(100 * 1024);

describe('huge strings from the provider', () => {
  it('a 4 MB first name and a 100 KB payment description are not stored; the records are, with a warning', async () => {
    let contactId = 0;
    let transactionId = 0;
    const provider = await startLyingProvider(sb, ({ operation, json }) => {
      // get-contacts answers in PHP's flattened form: contacts[contact][0][firstname].
      if (operation === 'get-contacts' && json['contacts[contact][0][id]'] !== undefined) {
        contactId = Number(json['contacts[contact][0][id]']);
        json['contacts[contact][0][firstname]'] = HUGE_NAME;
        return { json };
      }
      if (operation === 'get-transactions' && json.transactions?.transaction?.[0]) {
        transactionId = Number(json.transactions.transaction[0].id);
        json.transactions.transaction[0].description = LONG_DESCRIPTION;
        return { json };
      }
      return undefined;
    });
    const setup = await setUpSync(sb, { urls: provider });
    opened.push({ provider, setup });

    const summary = await setup.syncer.sync();
    expect(summary.outcome).toBe('ok');
    const warnings = summary.resources.flatMap((r) => r.warnings);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^contacts: firstname could not be read in 1 record \(longer than 1,024 characters \(4,194,304\)\)/),
        expect.stringMatching(/^transactions: description could not be read in 1 record \(longer than 65,536 characters \(102,400\)\)/),
      ]),
    );
    const contact = setup.mirror.get('contacts', contactId)!;
    expect(contact.firstName).toBe('');
    expect(contact.lastName).not.toBe('');
    expect(setup.mirror.get('transactions', transactionId)!.description).toBe('');
    // Nothing of the 4 MB reached the file.
    expect(statSync(setup.mirror.file!).size).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('an over-long text in the catalogue (issue 35.14)', () => {
  it('a product whose description is past its limit is kept without it, with a warning; the catalogue is not emptied', async () => {
    let pid = 0;
    const provider = await startLyingProvider(sb, ({ operation, json }) => {
      if (operation === 'get-products' && json.products?.product?.[0]) {
        pid = Number(json.products.product[0].pid);
        json.products.product[0].description = LONG_DESCRIPTION;
        return { json };
      }
      return undefined;
    });
    const setup = await setUpSync(sb, { urls: provider });
    opened.push({ provider, setup });

    const summary = await setup.syncer.sync();
    const catalogue = summary.resources.find((r) => r.resource === 'catalogue')!;
    expect(catalogue.outcome).toBe('ok');
    expect(catalogue.warnings).toEqual([expect.stringMatching(/^catalogue: description could not be read in 1 record \(longer than 65,536 characters \(102,400\)\)/)]);
    const products = setup.mirror.list('catalogue', { limit: 1000 }).rows;
    expect(products.length).toBe(sb.db.prepare('SELECT COUNT(*) FROM products').pluck().get());
    const product = products.find((p) => p.pid === pid)!;
    expect(product.description).toBe('');
    expect(product.name).not.toBe('');
  });
});

/** The renewal and add-on screens' pure parts: a draft's subject, the add-ons several products share and their price, a left-out domain's reason. */
import { describe, expect, it } from 'vitest';
import type { ProductAddon } from '../../../shared/models';
import { addonPrice, sharedAddons } from '../../../renderer/src/components/renewals/addon-offer';
import { renewDraftSubject } from '../../../renderer/src/components/renewals/renew-subject';
import { leftOutReason, pendingRenewalYears } from '../../../renderer/src/components/renewals/renewal-words';

const addon = (id: number, billingCycle = 'Monthly', prices: Record<string, string> = { monthly: '3.00', msetupfee: '1.50' }): ProductAddon => ({
  id, name: `Add-on ${id}`, description: '', billingCycle, pricing: { EUR: { monthly: '-1.00' }, USD: prices },
});

describe('renewDraftSubject', () => {
  it('names one domain by its id, several by their count and a fingerprint that ignores order and repeats', () => {
    expect(renewDraftSubject([12])).toBe('renew:12');
    expect(renewDraftSubject(['local:3'])).toBe('renew:local:3');
    const many = renewDraftSubject([3, 1, 2]);
    expect(many).toMatch(/^renew:3-[0-9a-f]{8}$/);
    expect(renewDraftSubject([2, 3, 1, 1])).toBe(many);
    expect(renewDraftSubject([1, 2, 4])).not.toBe(many);
    expect(renewDraftSubject(Array.from({ length: 5000 }, (_, i) => i + 1)).length).toBeLessThan(40);
  });
});

describe('sharedAddons', () => {
  it('keeps the add-ons every product offers, in the first product\'s order', () => {
    expect(sharedAddons([[addon(2), addon(1), addon(3)], [addon(3), addon(2)], [addon(2), addon(3), addon(9)]]).map((a) => a.id)).toEqual([2, 3]);
    expect(sharedAddons([[addon(1)], []])).toEqual([]);
    expect(sharedAddons([])).toEqual([]);
  });
});

describe('addonPrice', () => {
  it('prices the add-on for its own cycle, in the currency asked for, else the first that prices it', () => {
    expect(addonPrice(addon(1), 'USD')).toEqual({ currency: 'USD', cycle: 'monthly', cents: 300, setupCents: 150 });
    // EUR does not offer the cycle (-1.00): the USD price, with its currency.
    expect(addonPrice(addon(1), 'EUR')).toMatchObject({ currency: 'USD', cents: 300 });
    expect(addonPrice(addon(1, 'Semi-Annually', { semiannually: '20.00' }), 'USD')).toMatchObject({ cycle: 'semiannually', cents: 2000, setupCents: 0 });
    expect(addonPrice(addon(1, 'One Time', { monthly: '3.00' }), 'USD')).toBeNull();
  });
});

describe('renewal words', () => {
  it('tells why a domain is left out from its facts', () => {
    expect(leftOutReason({ id: null, status: null })).toBe('missing');
    expect(leftOutReason({ id: 4, status: 'Cancelled' })).toBe('status');
    expect(leftOutReason({ id: 4, status: 'Active' })).toBe('queued');
  });

  it('reads the years of each queued renewal from a record\'s marks', () => {
    expect(pendingRenewalYears(undefined)).toEqual([]);
    expect(pendingRenewalYears([{ kind: 'renewal', years: 2, entryId: 7 }, { kind: 'renewal', years: 1, entryId: 9 }])).toEqual([2, 1]);
  });
});

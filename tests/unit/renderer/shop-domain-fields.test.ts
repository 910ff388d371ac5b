/**
 * The cart's registry fields and affiliate id: what a line lacks, the add-order's domainfields (at each domain's
 * index, keyed by name in the registry's order) and affid, accepted by the outbox's own schema; an older cart
 * (without them) still reads.
 */
import { describe, expect, it } from 'vitest';
import { PARAM_SCHEMAS, type MutationParams } from '../../../shared/outbox/schemas';
import { CartSchema } from '../../../renderer/src/components/shop/cart-schema';
import {
  affidProblem, blankDomainFields, domainChoiceProblems, emptyCart, noDomain, orderParams, withKeptFields, type Cart, type DomainLine, type ProductLine,
} from '../../../renderer/src/components/shop/cart';
import { restoreInto } from '../../../renderer/src/components/forms/drafts';
import { fixedDomainFields, namedInRefusal, orderDomainFields } from '../../../renderer/src/components/shop/order-domain-fields';

const domainLine = (key: string, name: string, fields?: Record<string, string>, mode: 'register' | 'transfer' = 'register'): DomainLine => ({
  kind: 'domain', key, domain: { ...noDomain(), mode, name, ...(fields ? { fields } : {}) },
});
const product = (name: string): ProductLine => ({
  kind: 'product', key: 'p', pid: 4, name: 'Hosting', billingcycle: 'monthly', cycleCents: 500, setupCents: 0, configoptions: {}, optionLines: [],
  addons: [], customfields: {}, domain: { ...noDomain(), mode: 'held', name }, hostname: '', ns1prefix: '', ns2prefix: '',
});
const IT_FIELDS = {
  'Legal Type': 'Italian and foreign natural persons', 'Tax ID': 'RSSMRA80A01H501U', 'Publish Personal Data': '',
  'Accept Section 3 of .IT registrar contract': 'on', 'Accept Section 5 of .IT registrar contract': 'on',
  'Accept Section 6 of .IT registrar contract': 'on', 'Accept Section 7 of .IT registrar contract': 'on',
};

describe('registry fields in the cart', () => {
  it('says what a line lacks, the selects at their defaults', () => {
    expect(domainChoiceProblems(domainLine('a', 'esempio.it').domain).map((p) => p.field)).toEqual([
      'Tax ID', 'Accept Section 3 of .IT registrar contract', 'Accept Section 5 of .IT registrar contract',
      'Accept Section 6 of .IT registrar contract', 'Accept Section 7 of .IT registrar contract',
    ]);
    expect(domainChoiceProblems(domainLine('a', 'esempio.it', IT_FIELDS).domain)).toEqual([]);
    expect(domainChoiceProblems(domainLine('b', 'example.us').domain)).toEqual([]);
    expect(domainChoiceProblems(domainLine('c', 'example.com').domain)).toEqual([]);
    expect(domainChoiceProblems(domainLine('d', 'moved.co.uk', undefined, 'transfer').domain)).toEqual([]);
  });

  it('sends each domain\'s fields at its index, keyed by name in the registry\'s order; none for a domain without', () => {
    const cart: Cart = { ...emptyCart(), lines: [product('mine.com'), domainLine('a', 'esempio.it', IT_FIELDS), domainLine('b', 'plain.com'), domainLine('c', 'example.us', { 'Application Purpose': 'P3' })] };
    const params = orderParams(cart);
    expect(params.domain).toEqual(['mine.com', 'esempio.it', 'plain.com', 'example.us']);
    expect(params.domainfields).toEqual([
      {},
      {
        'Legal Type': 'Italian and foreign natural persons', 'Tax ID': 'RSSMRA80A01H501U',
        'Accept Section 3 of .IT registrar contract': 'on', 'Accept Section 5 of .IT registrar contract': 'on',
        'Accept Section 6 of .IT registrar contract': 'on', 'Accept Section 7 of .IT registrar contract': 'on',
      },
      {},
      { 'Nexus Category': 'C11', 'Application Purpose': 'P3' },
    ]);
    expect(Object.keys(params.domainfields![3]!)).toEqual(['Nexus Category', 'Application Purpose']);
    expect(PARAM_SCHEMAS['add-order'].safeParse(params).success).toBe(true);
    expect(orderParams({ ...emptyCart(), lines: [domainLine('c', 'plain.com')] }).domainfields).toBeUndefined();
  });

  it('sends an affiliate id that is a positive whole number, and says when it is not', () => {
    const lines = [domainLine('c', 'plain.com')];
    expect(orderParams({ ...emptyCart(), lines, affid: ' 42 ' }).affid).toBe(42);
    expect(PARAM_SCHEMAS['add-order'].safeParse(orderParams({ ...emptyCart(), lines, affid: '42' })).success).toBe(true);
    expect(orderParams({ ...emptyCart(), lines, affid: '' }).affid).toBeUndefined();
    expect(orderParams({ ...emptyCart(), lines }).affid).toBeUndefined();
    expect([affidProblem(''), affidProblem(undefined), affidProblem('7')]).toEqual([null, null, null]);
    expect([affidProblem('0'), affidProblem('-3'), affidProblem('4.5'), affidProblem('abc')]).toEqual(['notNumber', 'notNumber', 'notNumber', 'notNumber']);
  });

  it('reads an older cart kept without fields or affiliate id, and a new one with them', () => {
    const { affid: _none, ...older } = { ...emptyCart(), lines: [domainLine('a', 'esempio.it')] };
    expect(CartSchema.safeParse(JSON.parse(JSON.stringify(older))).success).toBe(true);
    expect(CartSchema.safeParse({ ...emptyCart(), affid: '42', lines: [domainLine('a', 'esempio.it', IT_FIELDS)] }).success).toBe(true);
    const wrong: unknown = { ...emptyCart(), lines: [{ ...domainLine('a', 'esempio.it'), domain: { ...noDomain(), mode: 'register', name: 'esempio.it', fields: { 'Tax ID': 5 } } }] };
    expect(CartSchema.safeParse(wrong).success).toBe(false);
  });
});

describe('Fix… of an order refused for its registry fields', () => {
  const REFUSAL = 'Required Domain Fields Missing or Invalid: esempio.it: "Tax ID" is required, "Extra Thing" must be ticked; nuovo.fr: "Registrant Type" is required';

  it('finds the names the provider gave for each domain', () => {
    expect(namedInRefusal(REFUSAL, 'esempio.it')).toEqual(['Tax ID', 'Extra Thing']);
    expect(namedInRefusal(REFUSAL, 'nuovo.fr')).toEqual(['Registrant Type']);
    expect(namedInRefusal(REFUSAL, 'other.com')).toEqual([]);
    expect(namedInRefusal(undefined, 'nuovo.fr')).toEqual([]);
  });

  it('offers the known fields and the named ones, and puts the fixed values at their domain\'s index', () => {
    const params: MutationParams<'add-order'> = {
      pid: [4], domain: ['mine.com', 'esempio.it', 'nuovo.fr'], domaintype: ['', 'register', 'register'],
      domainfields: [{}, { 'Legal Type': 'Italian and foreign natural persons' }, {}],
    };
    const sets = orderDomainFields(params, REFUSAL);
    expect(sets.map((s) => [s.index, s.domain.name, s.named])).toEqual([[1, 'esempio.it', ['Extra Thing']], [2, 'nuovo.fr', ['Registrant Type']]]);
    sets[0]!.domain.fields = { ...IT_FIELDS, 'Extra Thing': 'on' };
    sets[1]!.domain.fields = { 'Registrant Type': 'company' };
    const fixed = fixedDomainFields(params, sets);
    expect(fixed[0]).toEqual({});
    expect(fixed[1]).toMatchObject({ 'Tax ID': 'RSSMRA80A01H501U', 'Extra Thing': 'on' });
    expect(fixed[2]).toEqual({ 'Registrant Type': 'company' });
    expect(PARAM_SCHEMAS['add-order'].safeParse({ ...params, domainfields: fixed }).success).toBe(true);
  });
});

describe('registry fields kept in a draft', () => {
  it('reads a form\'s registry fields and the cart\'s affiliate id back from a saved draft', () => {
    const fresh = { domain: { ...noDomain(), fields: blankDomainFields() } };
    const saved = JSON.parse(JSON.stringify({ domain: { ...noDomain(), mode: 'register', name: 'esempio.it', fields: { ...blankDomainFields(), 'Tax ID': 'RSSMRA80A01H501U', 'Accept Section 3 of .IT registrar contract': 'on' } } }));
    expect(restoreInto(fresh, saved)).toEqual([]);
    expect(fresh.domain.fields['Tax ID']).toBe('RSSMRA80A01H501U');
    expect(fresh.domain.fields['Accept Section 3 of .IT registrar contract']).toBe('on');
    const cart = emptyCart();
    restoreInto(cart, JSON.parse(JSON.stringify({ ...emptyCart(), affid: '42' })));
    expect(cart.affid).toBe('42');
  });

  it('keeps on a line only the values given; a blank select stands at its default', () => {
    const domain = { ...noDomain(), mode: 'register' as const, name: 'esempio.it', fields: { ...blankDomainFields(), 'Tax ID': 'X' } };
    expect(withKeptFields(domain).fields).toEqual({ 'Tax ID': 'X' });
    expect(withKeptFields({ ...domain, fields: blankDomainFields() })).not.toHaveProperty('fields');
    expect(domainChoiceProblems(domain).map((p) => p.field)).not.toContain('Legal Type');
  });
});

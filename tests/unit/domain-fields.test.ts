/** shared/domain-fields.ts: which TLDs ask for which fields, and the registries' checks on their values. */
import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleCheck, domainFieldProblems, domainFieldsFor, domainFieldsToSend, initialDomainFieldValues, partitaIvaCheck,
  readDomainFieldValues, REGISTRY_FIELDS, registryFieldsFor,
} from '../../shared/domain-fields.js';
import { refusalIssues } from '../../shared/outbox/definitions.js';

const it_ = domainFieldsFor('esempio.it', 'register');
const IT_OK = {
  'Legal Type': 'Italian and foreign natural persons',
  'Tax ID': 'RSSMRA80A01H501U',
  'Accept Section 3 of .IT registrar contract': 'on',
  'Accept Section 5 of .IT registrar contract': 'on',
  'Accept Section 6 of .IT registrar contract': 'on',
  'Accept Section 7 of .IT registrar contract': 'on',
};
const codes = (fields: typeof it_, values: Record<string, string>) => domainFieldProblems(fields, values).map((p) => `${p.field}: ${p.code}`);

describe('domain fields: which TLDs', () => {
  it('finds a name\'s registry by its longest TLD, a transfer only where the registry asks', () => {
    expect(registryFieldsFor('shop.co.uk')?.key).toBe('uk');
    expect(registryFieldsFor('shop.uk')?.key).toBe('uk');
    expect(registryFieldsFor('Café.IT')?.key).toBe('it');
    expect(registryFieldsFor('example.com')).toBeUndefined();
    expect(registryFieldsFor('it')).toBeUndefined();
    expect(domainFieldsFor('a.co.uk', 'transfer')).toEqual([]);
    expect(domainFieldsFor('a.it', 'transfer').length).toBeGreaterThan(0);
    expect(domainFieldsFor('a.us', 'register').map((f) => f.name)).toEqual(['Nexus Category', 'Nexus Country', 'Application Purpose']);
  });

  it('defines every field with a name, a type, options for a select, and a default among them', () => {
    for (const registry of REGISTRY_FIELDS) {
      for (const field of registry.fields) {
        expect(field.name.trim()).toBe(field.name);
        if (field.type === 'select') {
          expect(field.options?.length).toBeGreaterThan(0);
          if (field.default !== undefined) expect(field.options?.map((o) => o.value)).toContain(field.default);
        } else expect(field.options).toBeUndefined();
      }
      expect(new Set(registry.fields.map((f) => f.name)).size).toBe(registry.fields.length);
    }
  });
});

describe('domain fields: checks', () => {
  it('asks for required values and ticks, nothing more when they are given', () => {
    expect(codes(it_, initialDomainFieldValues(it_))).toEqual([
      'Tax ID: required',
      'Accept Section 3 of .IT registrar contract: tick',
      'Accept Section 5 of .IT registrar contract: tick',
      'Accept Section 6 of .IT registrar contract: tick',
      'Accept Section 7 of .IT registrar contract: tick',
    ]);
    expect(codes(it_, IT_OK)).toEqual([]);
    expect(codes(it_, { ...IT_OK, 'Legal Type': 'nobody' })).toEqual(['Legal Type: option']);
  });

  it('checks an Italian tax id as the registry does: codice fiscale, VAT number, foreign VAT', () => {
    expect(codiceFiscaleCheck('RSSMRA80A01H501')).toBe('U');
    expect(partitaIvaCheck('0764352056')).toBe(7);
    expect(codes(it_, { ...IT_OK, 'Tax ID': 'rssmra80a01h501u' })).toEqual([]);
    expect(codes(it_, { ...IT_OK, 'Tax ID': 'RSSMRA80A01H501X' })).toEqual(['Tax ID: codiceFiscaleCheck']);
    // A foreign natural person's identity document; but not something shaped like nothing.
    expect(codes(it_, { ...IT_OK, 'Tax ID': 'CA12345678' })).toEqual([]);
    expect(codes(it_, { ...IT_OK, 'Tax ID': 'abc' })).toEqual(['Tax ID: codiceFiscale']);
    const company = { ...IT_OK, 'Legal Type': 'Companies/one man companies', 'Publish Personal Data': 'on' };
    expect(codes(it_, { ...company, 'Tax ID': '07643520567' })).toEqual([]);
    expect(codes(it_, { ...company, 'Tax ID': 'IT07643520567' })).toEqual([]);
    expect(codes(it_, { ...company, 'Tax ID': '07643520568' })).toEqual(['Tax ID: partitaIvaCheck']);
    expect(codes(it_, { ...company, 'Tax ID': '0764352' })).toEqual(['Tax ID: partitaIva']);
    // Non-natural registrants must consent to publication.
    expect(codes(it_, { ...company, 'Tax ID': '07643520567', 'Publish Personal Data': '' })).toEqual(['Publish Personal Data: tick']);
    const foreign = { ...company, 'Legal Type': 'non natural foreigners' };
    expect(codes(it_, { ...foreign, 'Tax ID': 'DE123456789' })).toEqual([]);
    expect(codes(it_, { ...foreign, 'Tax ID': '123' })).toEqual(['Tax ID: foreignVat']);
  });

  it('asks .uk companies for their number, .us C31/C32 for a country', () => {
    const uk = domainFieldsFor('a.co.uk', 'register');
    expect(codes(uk, { 'Legal Type': 'Individual', 'Registrant Name': 'Ann Smith' })).toEqual([]);
    expect(codes(uk, { 'Legal Type': 'UK Limited Company', 'Registrant Name': 'Acme' })).toEqual(['Company ID Number: required']);
    expect(codes(uk, { 'Legal Type': 'UK Limited Company', 'Registrant Name': 'Acme', 'Company ID Number': 'SC123456' })).toEqual([]);
    expect(codes(uk, { 'Legal Type': 'UK Limited Company', 'Registrant Name': 'Acme', 'Company ID Number': 'X1' })).toEqual(['Company ID Number: ukCompanyNumber']);
    const us = domainFieldsFor('a.us', 'register');
    expect(codes(us, { 'Nexus Category': 'C11', 'Application Purpose': 'P1' })).toEqual([]);
    expect(codes(us, { 'Nexus Category': 'C31', 'Application Purpose': 'P1' })).toEqual(['Nexus Country: required']);
    expect(codes(us, { 'Nexus Category': 'C31', 'Nexus Country': 'Canada', 'Application Purpose': 'P1' })).toEqual(['Nexus Country: tooLong']);
    expect(codes(us, { 'Nexus Category': 'C31', 'Nexus Country': 'C1', 'Application Purpose': 'P1' })).toEqual(['Nexus Country: countryCode']);
    expect(codes(us, { 'Nexus Category': 'C32', 'Nexus Country': 'ca', 'Application Purpose': 'P6' })).toEqual(['Application Purpose: option']);
  });
});

describe('domain fields: as sent and read back', () => {
  it('sends the fields given in the definition\'s order, ticks as on, then fields it does not know', () => {
    const sent = domainFieldsToSend(it_, { ...IT_OK, 'Accept Section 3 of .IT registrar contract': 'true', Extra: ' x ' });
    expect(Object.keys(sent)).toEqual([...it_.map((f) => f.name).filter((name) => name !== 'Publish Personal Data'), 'Extra']);
    expect(sent['Accept Section 3 of .IT registrar contract']).toBe('on');
    expect(domainFieldsToSend(it_, { 'Publish Personal Data': 'no' })).toEqual({});
    expect(sent.Extra).toBe('x');
  });

  it('reads a positional list and a keyed map alike', () => {
    const us = domainFieldsFor('a.us', 'register');
    expect(readDomainFieldValues(us, ['C12', '', 'P3'])).toEqual({ 'Nexus Category': 'C12', 'Nexus Country': '', 'Application Purpose': 'P3' });
    expect(readDomainFieldValues(us, new Map([['0', 'C21'], ['2', 'P2']]))).toEqual({ 'Nexus Category': 'C21', 'Application Purpose': 'P2' });
    expect(readDomainFieldValues(us, { 'nexus category': 'C11', Other: 'y' })).toEqual({ 'Nexus Category': 'C11', Other: 'y' });
  });
});

describe('domain fields: a refusal for them', () => {
  it('is put under domainfields (and a refused affiliate id under affid), for Fix… to show them there', () => {
    const message = 'Required Domain Fields Missing or Invalid: a.it: "Tax ID" is required';
    expect(refusalIssues('add-order', message)).toEqual([{ field: 'domainfields', message }]);
    expect(refusalIssues('add-order', 'Invalid Affiliate ID: 7 (no such affiliate)')).toEqual([{ field: 'affid', message: 'Invalid Affiliate ID: 7 (no such affiliate)' }]);
  });
});

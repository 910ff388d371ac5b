import { describe, expect, it } from 'vitest';
import { readAmount, readRate, separatorsOf, writeDecimal } from '../../shared/typed-number.js';

const en = separatorsOf('en');
const it_ = separatorsOf('it');

describe('amounts as a person types them', () => {
  it('reads each language’s own format, grouped or not', () => {
    expect(en).toEqual({ decimal: '.', group: ',' });
    expect(it_).toEqual({ decimal: ',', group: '.' });
    expect(readAmount('1,250.50', en)).toEqual({ ok: true, value: '1250.50' });
    expect(readAmount('1250.5', en)).toEqual({ ok: true, value: '1250.50' });
    expect(readAmount(' 1 250.50 ', en)).toEqual({ ok: true, value: '1250.50' });
    expect(readAmount('1.250,50', it_)).toEqual({ ok: true, value: '1250.50' });
    expect(readAmount('1250,50', it_)).toEqual({ ok: true, value: '1250.50' });
    expect(readAmount('1.250', it_)).toEqual({ ok: true, value: '1250.00' });
    expect(readAmount('12', it_)).toEqual({ ok: true, value: '12.00' });
    expect(readAmount(',5', it_)).toEqual({ ok: true, value: '0.50' });
    expect(readAmount('1.234.567,8', it_)).toEqual({ ok: true, value: '1234567.80' });
    expect(readAmount('-3,00', it_)).toEqual({ ok: true, value: '-3.00' });
    expect(readAmount('−3.00', en)).toEqual({ ok: true, value: '-3.00' });
    expect(readAmount('-0', en)).toEqual({ ok: true, value: '0.00' });
    expect(readAmount('007.10', en)).toEqual({ ok: true, value: '7.10' });
  });

  it('refuses the other language’s format rather than read it as something else', () => {
    expect(readAmount('1.250,50', en)).toEqual({ ok: false, problem: 'grouping' });
    expect(readAmount('1250,50', en)).toEqual({ ok: false, problem: 'grouping' });
    expect(readAmount('1,250.50', it_)).toEqual({ ok: false, problem: 'grouping' });
    expect(readAmount('12.5', it_)).toEqual({ ok: false, problem: 'grouping' });
    expect(readAmount('1,2,3', en)).toEqual({ ok: false, problem: 'grouping' });
    expect(readAmount('1.2.3', en)).toEqual({ ok: false, problem: 'grouping' });
  });

  it('says what else is wrong', () => {
    expect(readAmount('', en)).toEqual({ ok: false, problem: 'notNumber' });
    expect(readAmount('twelve', en)).toEqual({ ok: false, problem: 'notNumber' });
    expect(readAmount('$12', en)).toEqual({ ok: false, problem: 'notNumber' });
    expect(readAmount('.', en)).toEqual({ ok: false, problem: 'notNumber' });
    expect(readAmount('15.555', en)).toEqual({ ok: false, problem: 'places' });
    expect(readAmount('15,555', it_)).toEqual({ ok: false, problem: 'places' });
    expect(readAmount('99999999999999', en)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('reads rates with up to four decimals, never below zero', () => {
    expect(readRate('22', it_)).toEqual({ ok: true, value: 22 });
    expect(readRate('5,5', it_)).toEqual({ ok: true, value: 5.5 });
    expect(readRate('5.5', en)).toEqual({ ok: true, value: 5.5 });
    expect(readRate('5.5', it_)).toEqual({ ok: false, problem: 'grouping' });
    expect(readRate('-4', en)).toEqual({ ok: false, problem: 'negative' });
  });

  it('writes a plain decimal back for typing over', () => {
    expect(writeDecimal('5.5', it_)).toBe('5,5');
    expect(writeDecimal('1250.50', en)).toBe('1250.50');
  });
});

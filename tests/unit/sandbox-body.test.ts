import { describe, expect, it } from 'vitest';
import { foldFormEntries, parseUrlencoded, type FormEntry } from '../../sandbox/server/body.js';

describe('foldFormEntries', () => {
  it('keeps plain fields as strings', () => {
    expect(foldFormEntries([['domain', 'a.com'], ['limitnum', '10']])).toEqual({ domain: 'a.com', limitnum: '10' });
  });

  it('gives an empty object for no fields', () => {
    expect(foldFormEntries([])).toEqual({});
  });

  it('folds repeated name[] into an array in arrival order', () => {
    expect(foldFormEntries([['pid[]', '3'], ['pid[]', '1'], ['pid[]', '2']])).toEqual({ pid: ['3', '1', '2'] });
  });

  it('folds name[0], name[1] into an array in index order, not arrival order', () => {
    expect(foldFormEntries([['domain[1]', 'b.com'], ['domain[0]', 'a.com'], ['domain[2]', 'c.com']])).toEqual({
      domain: ['a.com', 'b.com', 'c.com'],
    });
  });

  it('keeps sparse integer keys as an object, as PHP keeps them (config option ids, not positions)', () => {
    expect(foldFormEntries([['x[5]', 'five'], ['x[2]', 'two']])).toEqual({ x: { 5: 'five', 2: 'two' } });
    expect(foldFormEntries([['configoptions[0][12]', '34'], ['configoptions[0][15]', '2']])).toEqual({
      configoptions: [{ 12: '34', 15: '2' }],
    });
  });

  it('appends name[] after the highest explicit index, as PHP does', () => {
    expect(foldFormEntries([['x[2]', 'a'], ['x[]', 'b'], ['x[0]', 'c'], ['x[1]', 'd']])).toEqual({ x: ['c', 'd', 'a', 'b'] });
    expect(foldFormEntries([['x[3]', 'a'], ['x[]', 'b']])).toEqual({ x: { 3: 'a', 4: 'b' } });
  });

  it('folds name[key] into an object', () => {
    expect(foldFormEntries([['domainrenewals[a.com]', '2'], ['domainrenewals[b.net]', '1']])).toEqual({
      domainrenewals: { 'a.com': '2', 'b.net': '1' },
    });
  });

  it('makes a node with any non-index key an object', () => {
    expect(foldFormEntries([['m[0]', 'x'], ['m[k]', 'y']])).toEqual({ m: { 0: 'x', k: 'y' } });
  });

  it('does not treat padded numbers as indexes', () => {
    expect(foldFormEntries([['m[01]', 'x']])).toEqual({ m: { '01': 'x' } });
  });

  it('folds nested brackets', () => {
    expect(
      foldFormEntries([
        ['a[b][c]', '1'],
        ['a[b][d]', '2'],
        ['a[e][]', '3'],
        ['a[e][]', '4'],
      ]),
    ).toEqual({ a: { b: { c: '1', d: '2' }, e: ['3', '4'] } });
  });

  it('folds arrays of objects', () => {
    expect(
      foldFormEntries([
        ['items[0][name]', 'x'],
        ['items[1][name]', 'y'],
        ['items[0][qty]', '2'],
      ]),
    ).toEqual({ items: [{ name: 'x', qty: '2' }, { name: 'y' }] });
  });

  it('lets a later field with the same name replace an earlier one', () => {
    expect(foldFormEntries([['a', '1'], ['a', '2']])).toEqual({ a: '2' });
    expect(foldFormEntries([['a', '1'], ['a[]', '2']])).toEqual({ a: ['2'] });
    expect(foldFormEntries([['a[]', '1'], ['a', '2']])).toEqual({ a: '2' });
  });

  it('keeps names that are not well formed as literal keys', () => {
    expect(foldFormEntries([['a[b', '1'], ['[x]', '2'], ['c[d]e', '3']])).toEqual({ 'a[b': '1', '[x]': '2', 'c[d]e': '3' });
  });

  it('keeps file values as they are, also inside arrays', () => {
    const file = { filename: 'a.txt', data: Buffer.from('hello') };
    const entries: FormEntry[] = [['attachments[]', file], ['note', 'x']];
    const params = foldFormEntries(entries);
    expect(params).toEqual({ attachments: [file], note: 'x' });
    expect((params.attachments as unknown[])[0]).toBe(file);
  });

  it('keeps numeric top-level names as object keys', () => {
    expect(foldFormEntries([['0', 'a'], ['1', 'b']])).toEqual({ 0: 'a', 1: 'b' });
  });
});

describe('parseUrlencoded', () => {
  it('decodes entries in order, with repeats and percent-encoding', () => {
    expect(parseUrlencoded('pid%5B%5D=1&pid%5B%5D=2&name=a+b&x=%C3%A9')).toEqual([
      ['pid[]', '1'],
      ['pid[]', '2'],
      ['name', 'a b'],
      ['x', 'é'],
    ]);
  });

  it('gives no entries for an empty body', () => {
    expect(parseUrlencoded('')).toEqual([]);
  });
});

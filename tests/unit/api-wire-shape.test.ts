import { describe, expect, it } from 'vitest';
import { parseBracketKey, unflatten, type WireObject } from '../../electron/core/api/wire-shape.js';

describe('parseBracketKey', () => {
  it.each([
    ['a[b][0][c]', ['a', 'b', '0', 'c']],
    ['client[email]', ['client', 'email']],
    ['a[]', ['a', '']],
    ['a[b][]', ['a', 'b', '']],
    ['a]b[c]', ['a]b', 'c']],
    ['plain', ['plain']],
  ])('%j → %j', (key, segments) => {
    expect(parseBracketKey(key)).toEqual(segments);
  });

  it.each(['[a]', 'a[b', 'a[b]c', 'a[b]]', 'a[[b]]', 'a[b[c]]', 'a[b]x[c]'])('%j is not well formed: kept whole', (key) => {
    expect(parseBracketKey(key)).toEqual([key]);
  });
});

describe('unflatten', () => {
  it('folds the keys of interleaved records each into its own record', () => {
    const body: WireObject = { 'l[i][0][a]': 1, 'l[i][0][b]': 2, 'l[i][1][a]': 3, 'l[i][0][c]': 4, 'l[i][1][b]': 5, n: 2 };
    expect(unflatten(body)).toEqual({ l: { i: { 0: { a: 1, b: 2, c: 4 }, 1: { a: 3, b: 5 } } }, n: 2 });
  });

  it('a plain key between flattened ones merges into (or replaces) the node, and later keys land in the result', () => {
    expect(unflatten({ 'o[x][a]': 1, o: { x: { b: 2 } }, 'o[x][c]': 3 })).toEqual({ o: { x: { a: 1, b: 2, c: 3 } } });
    expect(unflatten({ 'o[a]': 1, o: 'flat', 'o[b]': 2 })).toEqual({ o: { b: 2 } });
  });

  it('a value below a scalar replaces it; an object at a folded node merges; an array becomes an indexed object', () => {
    expect(unflatten({ 'a[b]': 'x', 'a[b][c]': 1 })).toEqual({ a: { b: { c: 1 } } });
    expect(unflatten({ 'a[b][c]': 1, 'a[b]': { d: 2 } })).toEqual({ a: { b: { c: 1, d: 2 } } });
    expect(unflatten({ 'a[b][c]': 1, 'a[b]': 'x' })).toEqual({ a: { b: 'x' } });
    expect(unflatten({ a: [10, 20], 'a[2]': 30 })).toEqual({ a: { 0: 10, 1: 20, 2: 30 } });
  });

  it('keys that are not well formed are kept as they are', () => {
    expect(unflatten({ 'a[b': 1, '[x]': 2, 'a[b]c': 3, 'a[c]': 4, 'a[c]d': 5 })).toEqual({ 'a[b': 1, '[x]': 2, 'a[b]c': 3, a: { c: 4 }, 'a[c]d': 5 });
  });

  it('segments named like Object.prototype members become own properties, and nothing reaches the prototype', () => {
    const out = unflatten({ 'a[__proto__][polluted]': 'yes', '__proto__[x]': 1, 'a[constructor][y]': 2 });
    expect(Reflect.get({}, 'polluted')).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    const a = out.a as WireObject;
    expect(Object.getOwnPropertyDescriptor(a, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ x: 1 });
    expect(a.constructor).toEqual({ y: 2 });
  });
});

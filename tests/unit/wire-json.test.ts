import { describe, expect, it } from 'vitest';
import { fromWireJson, toWireJson } from '../../shared/wire-json.js';

describe('the web host frames’ JSON with bytes', () => {
  it('writes a Uint8Array as base64 and reads it back as the same bytes, anywhere in a frame', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    const text = toWireJson({ type: 'call', id: 1, input: { csv: bytes, mode: 'add' } });
    expect(text).toContain('"csv":{"$bytes":"');
    expect(text.length).toBeLessThan(bytes.length * 1.4 + 100);
    const back = fromWireJson(text) as { input: { csv: unknown; mode: string } };
    expect(back.input.csv).toBeInstanceOf(Uint8Array);
    expect([...(back.input.csv as Uint8Array)]).toEqual([...bytes]);
    expect(back.input.mode).toBe('add');
  });

  it('keeps the bytes of a Latin-1 file as they are (no decoding on the way)', () => {
    const latin1 = new Uint8Array([0x43, 0x69, 0x74, 0x74, 0xe0]);
    expect([...(fromWireJson(toWireJson(latin1)) as Uint8Array)]).toEqual([...latin1]);
    expect(fromWireJson(toWireJson(new Uint8Array()))).toEqual(new Uint8Array());
  });

  it('leaves every other value as JSON has it, an object with more keys than $bytes included', () => {
    const value = { a: [1, 'two', null, { b: true }], c: { $bytes: 'AAE=', other: 1 }, d: { $bytes: 5 } };
    expect(fromWireJson(toWireJson(value))).toEqual(value);
  });

  it('refuses text that is not JSON', () => {
    expect(() => fromWireJson('{"type":')).toThrow();
  });
});

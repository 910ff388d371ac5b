/**
 * The web host's frames as JSON text, with bytes: JSON turns a Uint8Array into an object of numbered keys (which
 * no schema takes as bytes, and which weighs ten times the file), so both ends write one as `{"$bytes": base64}`
 * and read it back as a Uint8Array. The page (bridge/web-socket.ts) and the host (electron/web/host.ts) use these.
 */

const BYTES_KEY = '$bytes';
/** Bytes per String.fromCharCode call: well under the engines' argument limits. */
const CHUNK = 0x8000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** JSON.stringify, with each Uint8Array written as `{"$bytes": base64}`. */
export function toWireJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? { [BYTES_KEY]: toBase64(v) } : v));
}

/** JSON.parse, with each `{"$bytes": base64}` read back as a Uint8Array. Throws on text that is not JSON or not base64. */
export function fromWireJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    const encoded = (v as Record<string, unknown>)[BYTES_KEY];
    return keys.length === 1 && typeof encoded === 'string' ? fromBase64(encoded) : v;
  });
}

/**
 * The generic half of the normalizer (DESIGN rule 2): it turns either list shape of the provider into plain
 * nested values, so the per-operation decoders see one shape only.
 *
 * - Flattened keys (`orders[order][0][lineitems][lineitem][1][amount]`, `client[email]`) are folded into nested
 *   objects, exactly as if the provider had sent `{"orders":{"order":{"0":{...}}}}`.
 * - A list is then read from `wrapper.item`, which may be an array, an object keyed 0..n (what folding gives),
 *   a single record object, or empty ('' / null / absent / [] / {}). A wrapper that is itself an array is
 *   accepted too.
 */

export type WireValue = string | number | boolean | null | WireObject | WireValue[];
export interface WireObject {
  [key: string]: WireValue;
}

export function isWireObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; a key without well-formed brackets → [key]. */
export function parseBracketKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const bracket = /\[([^[\]]*)\]/y;
  let match: RegExpExecArray | null;
  while (bracket.lastIndex < rest.length && (match = bracket.exec(rest)) !== null) segments.push(match[1]!);
  return bracket.lastIndex === rest.length ? segments : [key];
}

/** Folds every flattened key of a reply into nested objects; nested values already present are merged. */
export function unflatten(body: WireObject): WireObject {
  const out: WireObject = {};
  for (const [key, value] of Object.entries(body)) {
    const path = parseBracketKey(key);
    let node = out;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (isWireObject(next)) node = next;
      else if (Array.isArray(next)) node = node[segment] = arrayToObject(next);
      else node = node[segment] = {};
    }
    const last = path[path.length - 1]!;
    const existing = node[last];
    node[last] = isWireObject(existing) && isWireObject(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

function arrayToObject(values: WireValue[]): WireObject {
  return Object.fromEntries(values.map((v, i) => [String(i), v]));
}

function deepMerge(a: WireObject, b: WireObject): WireObject {
  const out: WireObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = out[key];
    out[key] = isWireObject(existing) && isWireObject(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The rows of `container[wrapper][item]`, whichever way they were sent. Each entry of `paths` is tried in
 * order, `[wrapper, item]`; the first one present wins. Returns null when the value is present but is no list
 * shape at all (a number, say), so the caller can report a protocol error.
 */
export function readList(container: WireObject, ...paths: Array<[wrapper: string, item: string]>): WireValue[] | null {
  for (const [wrapperKey, itemKey] of paths) {
    if (!(wrapperKey in container)) continue;
    const wrapper = container[wrapperKey];
    if (isEmpty(wrapper)) return [];
    if (Array.isArray(wrapper)) return wrapper;
    if (!isWireObject(wrapper)) return null;
    if (!(itemKey in wrapper)) return isIndexed(wrapper) ? indexedValues(wrapper) : null;
    return rowsOf(wrapper[itemKey]!);
  }
  return [];
}

function rowsOf(value: WireValue): WireValue[] | null {
  if (isEmpty(value)) return [];
  if (Array.isArray(value)) return value;
  if (!isWireObject(value)) return null;
  // Folded flattened rows are keyed 0..n; any other key means one record sent instead of a one-row array.
  return isIndexed(value) ? indexedValues(value) : [value];
}

function isEmpty(value: WireValue | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function isIndexed(value: WireObject): boolean {
  return Object.keys(value).every((k) => INDEX.test(k));
}

function indexedValues(value: WireObject): WireValue[] {
  return Object.keys(value)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => value[k]!);
}

/**
 * The generic half of the normalizer (architecture rule 2): it turns either list shape of the provider into plain
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
  for (let at = open; at < key.length; ) {
    const close = bracketEnd(key, at);
    if (close < 0) return [key];
    segments.push(key.slice(at + 1, close));
    at = close + 1;
  }
  return segments;
}

const OPEN = 0x5b; // '['

/** Where the bracket opening at `open` closes, or -1 when `open` is no '[' or the bracket nests or never closes. */
function bracketEnd(key: string, open: number): number {
  if (key.charCodeAt(open) !== OPEN) return -1;
  const close = key.indexOf(']', open + 1);
  if (close < 0) return -1;
  const inner = key.indexOf('[', open + 1);
  return inner >= 0 && inner < close ? -1 : close;
}

/** Folds every flattened key of a reply into nested objects; nested values already present are merged. */
export function unflatten(body: WireObject): WireObject {
  const folder = new Folder();
  for (const key of Object.keys(body)) folder.add(key, body[key]!);
  return folder.finish();
}

/**
 * The fold behind unflatten, fed one member at a time (parseReplyJson feeds it straight from the reply text).
 *
 * The keys of one record come together and share their parent (`domains[domain][17][…]`), so the parent
 * found for one key is kept: while the next key is that same prefix plus one well-formed `[leaf]`, the
 * value goes straight in, without parsing the prefix again or walking down from the root.
 *
 * Records of one list have the same fields in the same order, so a record is made as a copy of the shape
 * its kind of record had last (every field present, undefined), and its fields fill that shape in place:
 * no object grown field by field. Should its fields stray from the shape (another field, another order, or
 * fewer), it is remade from the fields it got, so the fold stays exactly what adding them one by one gives.
 */
export class Folder {
  private readonly root: WireObject = {};
  /** Whether a member landed on a property that was already there: a repeated key, or a node replaced or merged into. */
  overwrote = false;
  private kept: string | null = null;
  private parent = this.root;
  /** Where the kept parent hangs (to remake it in place), and its kind when `walk` made it new, else null. */
  private parentHolder: WireObject = this.root;
  private parentSegment = '';
  private parentKind: string | null = null;
  /** The shape the kept parent was copied from while its fields keep to it, and how many have come. */
  private filling: Shape | null = null;
  private filled = 0;
  /** The last shape of each kind of record (`orders/order/#/lineitems/lineitem/#`). */
  private readonly shapes = new Map<string, Shape>();

  /** The key prefix of the parent kept from the last key (`domains[domain][17]`), or null when none is kept. */
  get parentKey(): string | null {
    return this.kept;
  }

  /** The fold of every member added; call once, after the last. */
  finish(): WireObject {
    this.finishParent();
    return this.root;
  }

  add(key: string, value: WireValue): void {
    const parentKey = this.kept;
    if (parentKey !== null && isLeafKey(key, parentKey)) {
      this.addLeaf(key.slice(parentKey.length + 1, -1), value);
      return;
    }
    this.finishParent();
    const path = parseBracketKey(key);
    this.parent = this.walk(path);
    this.addLeaf(path[path.length - 1]!, value);
    // A parent reached through no bracket is not kept: a plain key (`orders`) may replace the node it hangs from.
    this.kept = path.length > 1 ? key.slice(0, key.lastIndexOf('[')) : null;
  }

  /**
   * What `add(parentKey + '[' + leaf + ']', value)` does, without the key string, for a caller that has checked
   * the key is that (parentKey not null, leaf without brackets): it is the very step add takes for such a key,
   * so it folds the same and reports an overwrite the same.
   */
  addLeaf(leaf: string, value: WireValue): void {
    const filling = this.filling;
    if (filling !== null) {
      if (filling.keys[this.filled] === leaf) {
        this.parent[leaf] = value; // a field of the shape, set once: never `__proto__` (shapes have none)
        this.filled++;
        return;
      }
      // A field past a shape filled in full is added as to any object; anything else means remaking it.
      if (this.filled === filling.keys.length) this.filling = null;
      else this.remakeParent();
    }
    this.setLeaf(this.parent, leaf, value);
  }

  /** The node at `path` minus its last segment, made an object (from an array, or in place of a scalar) as needed. */
  private walk(path: string[]): WireObject {
    let node = this.root;
    let holder = node;
    let made = false;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i]!;
      const next = ownValue(node, segment);
      holder = node;
      if (isWireObject(next)) {
        node = next;
        made = false;
        continue;
      }
      if (next !== undefined) this.overwrote = true;
      made = !Array.isArray(next);
      node = setOwn(node, segment, Array.isArray(next) ? arrayToObject(next) : {});
    }
    this.parentHolder = holder;
    this.parentSegment = path.length > 1 ? path[path.length - 2]! : '';
    this.parentKind = made ? kindOf(path) : null;
    const shape = this.parentKind === null ? undefined : this.shapes.get(this.parentKind);
    if (shape !== undefined) {
      // In place of the empty object just made there.
      node = setOwn(holder, this.parentSegment, { ...shape.template });
      this.filling = shape;
      this.filled = 0;
    }
    return node;
  }

  /** Done with the kept parent: remade if it got fewer fields than its shape; its fields are its kind's shape now. */
  private finishParent(): void {
    if (this.filling !== null && this.filled < this.filling.keys.length) this.remakeParent();
    const kind = this.parentKind;
    if (kind !== null && this.filling === null) {
      const keys = Object.keys(this.parent);
      if (keys.length > 0 && !keys.includes('__proto__')) this.shapes.set(kind, new Shape(keys));
    }
    this.filling = null;
    this.parentKind = null;
  }

  /** The kept parent as the fields it got so far, in their order, in place of the copy of its shape. */
  private remakeParent(): void {
    const copy = this.parent;
    const fresh: WireObject = {};
    const keys = this.filling!.keys;
    for (let i = 0; i < this.filled; i++) fresh[keys[i]!] = copy[keys[i]!]!;
    this.parent = setOwn(this.parentHolder, this.parentSegment, fresh);
    this.filling = null;
  }

  private setLeaf(node: WireObject, key: string, value: WireValue): void {
    const existing = ownValue(node, key);
    if (existing !== undefined) this.overwrote = true;
    setOwn(node, key, isWireObject(existing) && isWireObject(value) ? this.deepMerge(existing, value) : value);
  }

  private deepMerge(a: WireObject, b: WireObject): WireObject {
    const out: WireObject = { ...a };
    for (const [key, value] of Object.entries(b)) this.setLeaf(out, key, value);
    return out;
  }
}

/** The fields of a kind of record in order, and an object holding each of them (undefined) to copy. */
class Shape {
  readonly template: WireObject;

  constructor(readonly keys: readonly string[]) {
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a template holding every field of the record kind as undefined, copied per row: its type is the filled record's
    this.template = Object.fromEntries(keys.map((key) => [key, undefined])) as unknown as WireObject;
  }
}

/** The kind of the record a key's path leads into: its segments but the leaf, each index as `#`. */
function kindOf(path: readonly string[]): string {
  let kind = '';
  for (let i = 0; i < path.length - 1; i++) kind += `${i > 0 ? '/' : ''}${INDEX.test(path[i]!) ? '#' : path[i]}`;
  return kind;
}

/** Whether `key` is `prefix` followed by exactly one well-formed `[leaf]`. */
function isLeafKey(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && bracketEnd(key, prefix.length) === key.length - 1;
}

/** Own properties only: a key segment such as `__proto__` or `constructor` must never reach Object.prototype. */
function ownValue(node: WireObject, key: string): WireValue | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Sets an own property, as JSON.parse does; a plain assignment to `__proto__` would replace the prototype instead. */
function setOwn<T extends WireValue>(node: WireObject, key: string, value: T): T {
  if (key === '__proto__') Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key] = value;
  return value;
}

function arrayToObject(values: WireValue[]): WireObject {
  return Object.fromEntries(values.map((v, i) => [String(i), v]));
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

/**
 * Reads a reply's JSON text into its folded value (wire-shape.ts). A flattened list reply is one object of
 * thousands of bracket keys with scalar values; JSON.parse would build it as a dictionary-mode object that
 * unflatten then walks again. Such a reply is instead scanned member by member straight into the fold. Any
 * other text takes the JSON.parse path, and so does any flat reply the scan cannot read exactly as JSON.parse
 * would.
 */
import { Folder, isWireObject, unflatten, type WireObject, type WireValue } from './wire-shape.js';

const WS = String.raw`[ \t\n\r]*`;
/** A JSON string's content: no raw `"`, `\` or control character, and only JSON's escapes. */
const CHARS = String.raw`[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[\da-fA-F]{4})[^"\\\x00-\x1f]*)*`;
const NUMBER = String.raw`-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?`;

const OPEN = new RegExp(`${WS}\\{`, 'y');
/** One `"key": scalar` member and the `,` or `}` after it. Groups: key, string, number, literal, `,` or `}`. */
const MEMBER = new RegExp(`${WS}"(${CHARS})"${WS}:${WS}(?:"(${CHARS})"|(${NUMBER})|(true|false|null))${WS}([,}])`, 'y');
const END = new RegExp(`${WS}$`, 'y');
/** JSON.parse lists array-index keys first, whatever their place in the text; all digits covers them all. */
const DIGITS = /^\d+$/;

/**
 * The value of a JSON text with flattened keys folded: `isWireObject(v) ? unflatten(v) : v` for
 * `v = JSON.parse(text)`, same values and same key order; undefined when the text is not JSON.
 */
export function parseReplyJson(text: string): unknown {
  const folded = scanFlatReply(text);
  if (folded !== null) return folded;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  return isWireObject(value) ? unflatten(value) : value;
}

/**
 * The folded value of a text that is one non-empty JSON object of scalar members, or null when the text is
 * anything else or the result could differ from JSON.parse's.
 *
 * A repeated key would differ (JSON.parse keeps the key's first place and its last value), and it is caught
 * as the fold landing on a property already there. That catches every one: with scalar values only, a
 * property the fold has set goes away only when something overwrites it (a leaf set again, or a scalar
 * replaced by a node), which the fold reports; so until it does, every member's own leaf is still in the tree
 * and a repeated key lands on it. Without repeats and array-index keys, JSON.parse's object holds the members
 * in text order, which is the order they are folded in here.
 */
export function scanFlatReply(text: string): WireObject | null {
  OPEN.lastIndex = 0;
  if (!OPEN.test(text)) return null;
  const folder = new Folder();
  MEMBER.lastIndex = OPEN.lastIndex;
  for (;;) {
    const member = MEMBER.exec(text);
    if (member === null) return null;
    const key = jsonString(member[1]!);
    if (DIGITS.test(key)) return null;
    folder.add(key, scalarOf(member));
    if (folder.overwrote) return null;
    if (member[5] === '}') break;
  }
  END.lastIndex = MEMBER.lastIndex;
  return END.test(text) ? folder.root : null;
}

function scalarOf([, , string, number, literal]: RegExpExecArray): WireValue {
  if (string !== undefined) return copy(jsonString(string));
  if (number !== undefined) return Number(number);
  return literal === 'null' ? null : literal === 'true';
}

/** The string a JSON string's content (checked by CHARS) stands for; only escapes need JSON.parse. */
function jsonString(chars: string): string {
  return chars.includes('\\') ? (JSON.parse(`"${chars}"`) as string) : chars;
}

/**
 * A string of its own. V8 makes a substring of 13 characters or more a view into its parent, so a value kept
 * in a decoded record would keep the whole reply text alive, and records are held until their resource is
 * written, every page of it. Flattening a concatenation copies the characters out.
 */
function copy(value: string): string {
  return value.length < 13 ? value : ` ${value}`.slice(1);
}

/**
 * Every text field has a limit by its kind (a name 1,024 characters, free text 65,536, a document 1,048,576):
 * a longer value is a protocol error naming the operation and the field, and in a sync (values collected as
 * unread) the field is left unset and named, the record kept.
 */
import { describe, expect, it } from 'vitest';
import * as decode from '../../electron/core/api/decoders.js';
import { ApiError } from '../../electron/core/api/errors.js';
import { collectingUnread } from '../../electron/core/api/unread.js';
import { TEXT_LIMITS } from '../../electron/core/api/wire-values.js';
import { isWireObject, type WireObject } from '../../electron/core/api/wire-shape.js';
import { fixture, toNested } from './fixtures/api/shapes.js';

/** A reply body checked to be a wire object, as the decoders take it. */
function wire(body: unknown): WireObject {
  if (!isWireObject(body)) throw new Error('the fixture is not a JSON object');
  return body;
}

const contacts = (firstname: string) => {
  const body = toNested(fixture('contacts.flat.json')) as { contacts: { contact: Array<Record<string, unknown>> } };
  body.contacts.contact[0]!.firstname = firstname;
  return wire(body);
};

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a protocol error');
}

describe('text limits at decode', () => {
  it('keeps a name at its limit', () => {
    const at = 'n'.repeat(TEXT_LIMITS.name);
    expect(decode.decodeContacts(contacts(at)).items[0]!.firstName).toBe(at);
  });

  it('refuses a name past its limit, naming the operation and the field', () => {
    const error = thrown(() => decode.decodeContacts(contacts('n'.repeat(TEXT_LIMITS.name + 1))));
    expect(error).toMatchObject({ kind: 'protocol', operation: 'get-contacts' });
    expect(error.message).toMatch(/contacts\.contact\[0\]\.firstname.*longer than 1,024 characters \(1,025\)/);
  });

  it('in a sync, leaves the field unset and says which, the record kept', () => {
    const { value, unread } = collectingUnread(() => decode.decodeContacts(contacts('n'.repeat(60_000))));
    expect(value.items[0]).toMatchObject({ firstName: '', id: expect.any(Number) });
    expect(value.items[0]!.lastName).not.toBe('');
    expect(unread).toEqual([{ field: 'firstname', count: 1, example: 'longer than 1,024 characters (60,000)' }]);
  });

  it('gives free text and documents their own, larger limits', () => {
    const announcements = toNested(fixture('announcements.flat.json')) as {
      announcements: { announcement: Array<Record<string, unknown>> };
    };
    const body = 'a'.repeat(TEXT_LIMITS.text + 1);
    announcements.announcements.announcement[0]!.announcement = body;
    expect(decode.decodeAnnouncements(wire(announcements)).items[0]!.announcement).toBe(body);
    announcements.announcements.announcement[0]!.announcement = 'a'.repeat(TEXT_LIMITS.document + 1);
    expect(thrown(() => decode.decodeAnnouncements(wire(announcements))).message).toMatch(/announcement.*longer than 1,048,576/);
  });
});

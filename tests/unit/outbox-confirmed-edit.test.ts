/**
 * A contact's confirmed edit is kept in the mirror until the next sync reads the provider's own
 * (AccountSession.keepInMirror, overlay.ts confirmedEdit): a delete queued in between is based on the edited
 * values, so the edit itself does not look like a change on the provider (a bulk edit's e2e test caught the delete
 * of a just-edited contact held as "changed on the provider" under load).
 */
import { describe, expect, it } from 'vitest';
import { mirrorBases, type BaseReads } from '../../electron/core/outbox/bases.js';
import { decide } from '../../electron/core/outbox/decide.js';
import { confirmedEdit } from '../../electron/core/outbox/overlay.js';
import type { ProviderState } from '../../electron/core/outbox/provider-state.js';
import { contactFieldValues } from '../../electron/core/outbox/provider-state.js';
import type { Contact } from '../../shared/models.js';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import { contact } from './outbox-fixtures.js';

const before = contact({ id: 7, city: 'Trento', email: 'ada@example.com' });
/** The edit as the outbox holds it once confirmed: its params are what was sent. */
const edit: OutboxEntry = {
  id: 1,
  localId: null,
  recordKey: 'contact:7',
  state: 'done',
  attempts: 1,
  lastError: null,
  waitingFor: null,
  createdAt: 1,
  updatedAt: 2,
  sentAt: 2,
  nextAttemptAt: 1,
  base: null,
  conflict: null,
  kind: 'update-contact',
  params: { contactid: 7, city: 'Rovereto' },
  result: { contactId: 7 },
};

const reads = (record: Contact): BaseReads => ({
  get: ((resource: string, id: number) => (resource === 'contacts' && id === record.id ? record : null)) as BaseReads['get'],
  domainsByName: () => [],
  ordersWithStatus: () => [],
});
const providerHolds = (record: Contact): ProviderState => ({ readAt: 1, contacts: new Map([[7, { updatedAt: null, fields: contactFieldValues(record) }]]) });

describe('a contact’s confirmed edit, before the sync reads it', () => {
  it('is laid over the mirror’s record', () => {
    expect(confirmedEdit('contacts', before, edit)).toMatchObject({ id: 7, city: 'Rovereto', email: 'ada@example.com' });
  });

  it('is what a delete queued meanwhile is made on, so the delete goes', () => {
    const edited = confirmedEdit('contacts', before, edit)!;
    const [base] = mirrorBases(reads(edited), () => [])([{ kind: 'delete-contact', params: { contactid: 7 } }]);
    expect(decide('delete-contact', { contactid: 7 }, base!, providerHolds(edited))).toEqual({ go: 'send', params: { contactid: 7 } });
    // On the record as it was before the edit, the edit itself looked like a change on the provider.
    const [stale] = mirrorBases(reads(before), () => [])([{ kind: 'delete-contact', params: { contactid: 7 } }]);
    expect(decide('delete-contact', { contactid: 7 }, stale!, providerHolds(edited))).toMatchObject({ go: 'hold' });
  });
});

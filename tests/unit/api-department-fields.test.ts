/**
 * get-support-departments: the custom fields a department may carry (not in the spec's department record, as
 * the upstream billing system's departments can), read when present, none when absent, in every list shape.
 */
import { describe, expect, it } from 'vitest';
import { decodeSupportDepartments } from '../../electron/core/api/decoders.js';
import type { WireObject } from '../../electron/core/api/wire-shape.js';
import { fixture, toFlat } from './fixtures/api/shapes.js';

const departments = (body: unknown) => decodeSupportDepartments(body as WireObject).items;

describe('department custom fields', () => {
  it('reads a reply shaped as the upstream system sends it, with no fields: none', () => {
    const reply = { result: 'success', totalresults: 1, departments: { department: [{ id: '1', name: 'Support', awaitingreply: '0', opentickets: '0' }] } };
    expect(departments(reply)).toEqual([{ id: 1, name: 'Support', awaitingReply: 0, openTickets: 0, customFields: [] }]);
  });

  it('reads each department\'s fields: type, options split and trimmed, required as 1/0 or on/empty, a single field as a list', () => {
    const [general, servers, escalations] = departments(fixture('support-departments.custom-fields.json'));
    expect(general!.customFields).toEqual([]);
    expect(servers!.customFields).toEqual([
      { id: 12, name: 'Hostname', type: 'text', options: [], required: true },
      { id: 13, name: 'Operating system', type: 'dropdown', options: ['AlmaLinux', 'Debian', 'Windows Server'], required: false },
      { id: 14, name: 'Root access granted', type: 'tickbox', options: [], required: false },
    ]);
    expect(escalations!.customFields).toEqual([{ id: 20, name: 'Earlier ticket', type: 'text', options: [], required: true }]);
  });

  it('reads the same fields from the flattened shape', () => {
    const body = fixture('support-departments.custom-fields.json');
    expect(departments(toFlat(body))).toEqual(departments(body));
  });

  it('refuses a field without an id, naming where', () => {
    const reply = { result: 'success', departments: { department: [{ id: '4', name: 'S', customfields: { customfield: [{ name: 'Hostname' }] } }] } };
    expect(() => departments(reply)).toThrow(/customfields/);
  });
});

/**
 * One definition per mutation kind. Besides what runs, this file is checked by the compiler (npm run
 * typecheck): each `@ts-expect-error` line must fail to compile, or the typecheck fails.
 */
import { describe, expect, it } from 'vitest';
import type { MutationKind } from '../../electron/core/outbox/index.js';
import type { EngineDefinition } from '../../electron/core/outbox/mutations/definition.js';
import { updateContact } from '../../electron/core/outbox/mutations/update-contact.js';
import type { DeskBridge } from '../../shared/bridge.js';
import type { ProcedureInput } from '../../shared/contract.js';
import { changedResources, isCreate, MUTATIONS, type MutationDefinition } from '../../shared/outbox/definitions.js';
import { MUTATION_KINDS } from '../../shared/outbox/kinds.js';
import { PARAM_SCHEMAS } from '../../shared/outbox/schemas.js';

describe('mutation definitions', () => {
  it('exist for every kind, each with its schema', () => {
    expect(Object.keys(MUTATIONS).sort()).toEqual([...MUTATION_KINDS].sort());
    for (const kind of MUTATION_KINDS) expect(MUTATIONS[kind].schema).toBe(PARAM_SCHEMAS[kind]);
    expect(MUTATION_KINDS.filter(isCreate)).toEqual(['add-contact', 'open-ticket', 'create-invoice', 'add-order']);
  });

  it('say which views an entry changes', () => {
    expect(Object.fromEntries(MUTATION_KINDS.map((kind) => [kind, changedResources(kind)]))).toEqual({
      'add-contact': ['contacts'],
      'update-contact': ['contacts'],
      'delete-contact': ['contacts'],
      'open-ticket': ['tickets'],
      'add-ticket-reply': ['tickets'],
      'create-invoice': ['invoices'],
      'add-order': ['orders', 'services', 'domains'],
      'domain-request-epp': ['domains'],
    });
  });

  it('are complete, or do not compile', () => {
    const { 'add-order': _order, ...withoutOrders } = MUTATIONS;
    // @ts-expect-error a kind without its definition
    const missingKind: { [K in MutationKind]: MutationDefinition<K> } = withoutOrders;
    const { secretResult: _secretResult, ...withoutSecretResult } = MUTATIONS['delete-contact'];
    // @ts-expect-error a definition without one of its parts (here its secret result fields)
    const missingPart: MutationDefinition<'delete-contact'> = withoutSecretResult;
    // @ts-expect-error a secret field the kind's params do not have
    const unknownSecret: MutationDefinition<'add-contact'> = { ...MUTATIONS['add-contact'], secretParams: ['eppcode'] };
    // @ts-expect-error only creates create something
    const notACreate: MutationDefinition<'update-contact'> = { ...MUTATIONS['update-contact'], creates: 'contact' };
    const { reconcile: _reconcile, ...withoutReconcile } = updateContact;
    // @ts-expect-error the engine's part of a kind needs every part too (here: how it is reconciled)
    const noReconcile: EngineDefinition<'update-contact'> = withoutReconcile;
    expect([missingKind, missingPart, unknownSecret, notACreate, noReconcile]).toHaveLength(5);
  });
});

describe('outbox.enqueue from a front end', () => {
  it("takes a kind's own params, or does not compile", () => {
    const contact: ProcedureInput<'outbox.enqueue'> = { kind: 'add-contact', params: { firstname: 'Ada', email: 'ada@example.com' } };
    // @ts-expect-error add-contact takes no ticketid
    const wrongField: ProcedureInput<'outbox.enqueue'> = { kind: 'add-contact', params: { ticketid: 1 } };
    // @ts-expect-error an invoice's items are a list
    const wrongType: ProcedureInput<'outbox.enqueue'> = { kind: 'create-invoice', params: { items: { description: 'x', amount: '1' } } };
    // @ts-expect-error a reply needs its message
    const missing: ProcedureInput<'outbox.enqueue'> = { kind: 'add-ticket-reply', params: { ticketid: 4 } };
    const calls = (desk: DeskBridge) => [
      desk.call('outbox.enqueue', { kind: 'domain-request-epp', params: { domainname: 'example.com' } }),
      // @ts-expect-error the renderer's bridge checks the same
      desk.call('outbox.enqueue', { kind: 'add-contact', params: { ticketid: 1 } }),
      // @ts-expect-error outbox.edit takes params some kind has
      desk.call('outbox.edit', { id: 1, params: { city: 7 } }),
    ];
    expect([contact, wrongField, wrongType, missing, calls]).toHaveLength(5);
  });
});

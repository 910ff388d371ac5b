/**
 * Fix… (and Edit…) of a queued ticket, or of a reply that updates the ticket's fields: the custom fields of its
 * department as the mirror has them now (the lookups store, read again as departments change), so the ones the
 * provider added since it was queued too: the engine syncs after each send, a refused one included, and a field
 * that lands while the form is open shows then. With them the values queued, the field the provider's words
 * name, the checks of the form it was written in (ticket-custom-fields.ts), and the `customfields` to save.
 */
import { computed, ref, watch, type Ref } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import type { LocalId } from '../../../../shared/outbox/local-ids';
import { useLookupsStore } from '../../stores/lookups';
import { customFieldErrorKey, customFieldNamedIn, customFieldParams, missingCustomFields, queuedCustomFields, type CustomFieldValues } from './ticket-custom-fields';
import { departmentOfTicket } from './ticket-department';

type TicketParams = { deptid?: number; ticketid?: number | LocalId; customfields?: Record<string, string> };

export function useEntryTicketFields(entry: () => OutboxEntry, open: Ref<boolean>) {
  const lookups = useLookupsStore();
  lookups.ensure();
  const params = () => entry().params as TicketParams;
  /** A new ticket asks for every required field; a reply's update changes those it gives. */
  const whole = computed(() => entry().kind === 'open-ticket');
  const shown = computed(() => whole.value || (entry().kind === 'add-ticket-reply' && params().customfields !== undefined));
  const refusal = computed(() => (entry().lastError?.kind === 'rejected' ? entry().lastError?.message : undefined));

  const deptId = ref<number | null>(null);
  const values = ref<CustomFieldValues>([]);
  watch(open, async (isOpen) => {
    if (!isOpen || !shown.value) return;
    values.value = queuedCustomFields(params().customfields);
    const { deptid, ticketid } = params();
    deptId.value = deptid ?? (ticketid === undefined ? null : await departmentOfTicket(ticketid));
  }, { immediate: true });

  /** The department is in the mirror: its fields are the ones to send (another's, or one it dropped, are left out). */
  const known = computed(() => deptId.value !== null && lookups.departments.has(deptId.value));
  const department = computed(() => (deptId.value === null ? undefined : lookups.departments.get(deptId.value)));
  const fields = computed(() => (shown.value && deptId.value !== null ? (lookups.departmentFields.get(deptId.value) ?? []) : []));
  /** The field the provider's refusal names: its words go under it, not above the form. */
  const refused = computed(() => customFieldNamedIn(fields.value, refusal.value));
  const providerSays = computed<Record<string, string>>(() => (refused.value && refusal.value ? { [customFieldErrorKey(refused.value)]: refusal.value } : {}));

  /** What the form finds itself, as the form the entry was written in does: a new ticket's required fields left empty. */
  const problems = (required: string) => (whole.value ? missingCustomFields(fields.value, values.value, required) : {});

  /** The entry's params with the fields as fixed; as queued while the department is not known here. */
  function withFields<P extends object>(fixed: P): P {
    if (!shown.value || !known.value) return fixed;
    // None filled: no customfields at all, as the form that wrote it sends none.
    const saved: P = { ...fixed };
    Reflect.deleteProperty(saved, 'customfields');
    return Object.assign(saved, customFieldParams(fields.value, values.value, !whole.value));
  }

  return { shown, whole, department, fields, values, refused, providerSays, problems, withFields };
}

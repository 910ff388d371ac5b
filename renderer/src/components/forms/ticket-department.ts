/** The department of a ticket, as the mirror has it (a ticket queued here too: the outbox's overlay gives it). */
import type { LocalId } from '../../../../shared/outbox/local-ids';
import { desk } from '../../bridge';

/** Null when the ticket is not read (not mirrored, the engine away) or has no department. */
export async function departmentOfTicket(id: number | LocalId): Promise<number | null> {
  const ticket = await desk().call('data.get', { resource: 'tickets', id }).catch(() => null);
  return ticket && 'deptId' in ticket && typeof ticket.deptId === 'number' ? ticket.deptId : null;
}

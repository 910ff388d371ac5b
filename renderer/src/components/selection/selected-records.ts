/**
 * The records behind a selection's ids, as the lists show them (queued edits laid over), in the ids' order;
 * an id whose record is gone meanwhile is left out.
 */
import type { LinkTarget } from '../../../../shared/resource-fields';
import { desk } from '../../bridge';
import type { Row } from '../../stores/list';
import type { RowId } from './selection';

export async function selectedRecords(resource: LinkTarget, ids: readonly RowId[]): Promise<Row[]> {
  const records = await Promise.all(ids.map((id) => desk().call('data.get', { resource, id })));
  return records.filter((record): record is Row => record !== null);
}

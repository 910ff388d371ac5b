/** A record read with data.get that is a catalogue product (with its add-ons, options and custom fields), or null. */
import type { OverlaidRecord } from '../../../../shared/queries';
import type { CatalogueEntry } from '../../../../shared/records';

export function asCatalogueEntry(record: OverlaidRecord | null | undefined): CatalogueEntry | null {
  return record && 'payType' in record && 'configOptions' in record && 'addons' in record ? record : null;
}

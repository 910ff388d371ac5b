/**
 * How a record is named: its view's title fields joined (with the view's prefix, "Order #…"), else its id. A
 * record still in the outbox is "New order (not sent yet)": a local id is never shown.
 */
import { useI18n } from 'vue-i18n';
import { joinIsolated } from '../../../../shared/bidi';
import { isLocalId } from '../../../../shared/outbox/local-ids';
import type { ResourceView } from '../../../../shared/resource-fields';

export function useRecordTitle() {
  const { t } = useI18n();
  return (view: ResourceView, record: Record<string, unknown> | null | undefined, id: string | number): string => {
    const parts = view.titleFields.map((field) => record?.[field]).filter((v) => v !== null && v !== undefined && v !== '' && !isLocalId(v));
    if (parts.length === 0 && isLocalId(id)) return t('lists.detail.unsent', { what: t(`lists.unsent.${view.resource}`) });
    // Each provider value isolated: a right-to-left mark in a first name must not reorder the last name.
    const text = parts.length ? joinIsolated(parts) : view.titlePrefix ? String(id) : `#${id}`;
    return view.titlePrefix ? t(`lists.detail.${view.titlePrefix}`, { title: text }) : text;
  };
}

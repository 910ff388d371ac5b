/** How a record is named: its view's title fields joined (with the view's prefix, "Order #…"), else its id. */
import { useI18n } from 'vue-i18n';
import { joinIsolated } from '../../../../shared/bidi';
import type { ResourceView } from '../../../../shared/resource-fields';

export function useRecordTitle() {
  const { t } = useI18n();
  return (view: ResourceView, record: Record<string, unknown> | null | undefined, id: string | number): string => {
    const parts = view.titleFields.map((field) => record?.[field]).filter((v) => v !== null && v !== undefined && v !== '');
    // Each provider value isolated: a right-to-left mark in a first name must not reorder the last name.
    const text = parts.length ? joinIsolated(parts) : `#${id}`;
    return view.titlePrefix ? t(`lists.detail.${view.titlePrefix}`, { title: text }) : text;
  };
}

/** How a record is named: its view's title fields joined (with the view's prefix, "Order #…"), else its id. */
import { useI18n } from 'vue-i18n';
import type { ResourceView } from '../../../../shared/resource-fields';

export function useRecordTitle() {
  const { t } = useI18n();
  return (view: ResourceView, record: Record<string, unknown> | null | undefined, id: string | number): string => {
    const parts = view.titleFields.map((field) => record?.[field]).filter((v) => v !== null && v !== undefined && v !== '');
    const text = parts.length ? parts.join(' ') : `#${id}`;
    return view.titlePrefix ? t(`lists.detail.${view.titlePrefix}`, { title: text }) : text;
  };
}

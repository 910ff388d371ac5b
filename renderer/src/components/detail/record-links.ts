/**
 * Where a record's values lead: its link fields, a ticket's service or domain (`S12`, `D14`), a nested line's
 * record and a group's related list, as routes; the linked records named as the lists name them ("Order
 * #9862984169" rather than its id), read once the record is here.
 */
import { ref, watch, type Ref } from 'vue';
import { RESOURCE_VIEWS } from '../../../../shared/resources';
import { serviceRefTarget, type FieldSpec, type ResourceView, type SubTableSpec } from '../../../../shared/resource-fields';
import { desk } from '../../bridge';
import { screenOf } from '../../composables/record-route';
import type { DetailRecord } from './detail-parts';
import { useRecordTitle } from './record-title';

export function useRecordLinks(view: () => ResourceView, record: Ref<DetailRecord | null>) {
  const recordTitle = useRecordTitle();
  const linkTitles = ref<Record<string, string>>({});
  const titleKey = (to: string | undefined, id: unknown) => `${to}:${String(id)}`;

  /** The records this one names: its link fields, and a ticket's service or domain (`D14`). */
  function linkedRecords(current: Record<string, unknown>): { to: ResourceView['resource']; id: number }[] {
    return view()
      .detail.flatMap((g) => g.fields ?? [])
      .flatMap((f) => {
        if (f.kind === 'link' && f.to && !f.lookup && current[f.field]) return [{ to: f.to, id: current[f.field] as number }];
        const target = f.kind === 'serviceRef' ? serviceRefTarget(current[f.field]) : null;
        return target ? [target] : [];
      });
  }

  watch(
    record,
    async (current) => {
      if (!current) return;
      for (const { to, id } of linkedRecords(current)) {
        if (linkTitles.value[titleKey(to, id)]) continue;
        // A linked record that cannot be read is named by its id, as before it was read.
        const linked = await desk().call('data.get', { resource: to, id }).catch(() => null);
        if (linked) linkTitles.value = { ...linkTitles.value, [titleKey(to, id)]: recordTitle(RESOURCE_VIEWS[to], linked as Record<string, unknown>, id) };
      }
    },
    { immediate: true },
  );

  /** A ticket's `S12` / `D14`: the service or domain it is about, and its name once read. */
  function refLink(value: unknown) {
    const target = serviceRefTarget(value);
    const screen = target ? screenOf(target.to) : null;
    return target && screen ? { name: screen, params: { id: String(target.id) } } : null;
  }
  function refTitle(value: unknown): string | undefined {
    const target = serviceRefTarget(value);
    return target ? linkTitles.value[titleKey(target.to, target.id)] : undefined;
  }

  function linkTo(spec: FieldSpec, value: unknown) {
    const screen = spec.to ? screenOf(spec.to) : null;
    return screen && value !== null && value !== undefined && value !== 0 ? { name: screen, params: { id: String(value) } } : null;
  }
  /** A link field's record by its name, once read. */
  function linkTitle(spec: FieldSpec, value: unknown): string | undefined {
    return linkTitles.value[titleKey(spec.to, value)];
  }

  function subLink(table: SubTableSpec, row: Record<string, unknown>) {
    if (!table.link) return null;
    const target = table.link.targets[String(row[table.link.typeField])];
    const id = row[table.link.idField];
    const screen = target ? screenOf(target) : null;
    return screen && id ? { name: screen, params: { id: String(id) } } : null;
  }

  function relatedLink(related: { to: ResourceView['resource']; filter: string; idField: string }) {
    const screen = screenOf(related.to);
    return screen ? { name: screen, query: { [related.filter]: String(record.value?.[related.idField] ?? '') } } : null;
  }

  return { refLink, refTitle, linkTo, linkTitle, subLink, relatedLink };
}

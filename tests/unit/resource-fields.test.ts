/**
 * The renderer's resource descriptors name the mirror's own sorts and filters: a column sortable in the
 * table is one data.list can sort by, and a filter one it takes (with a matching kind).
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../electron/core/mirror/resources.js';
import { RESOURCE_VIEWS } from '../../shared/resources/index.js';

const FILTER_KINDS = { choice: ['equals'], range: ['range'], flag: ['flag'], within: ['withinDays'] } as const;

describe('resource views', () => {
  for (const view of Object.values(RESOURCE_VIEWS)) {
    const mirror = RESOURCES[view.resource];
    it(`${view.resource}: sorts and filters are the mirror's`, () => {
      for (const column of view.columns.filter((c) => c.sort)) {
        expect(Object.keys(mirror.sort), column.field).toContain(column.sort);
      }
      for (const filter of view.filters) {
        const spec = (mirror.filters as Record<string, { kind: string }>)[filter.name];
        expect(spec, filter.name).toBeDefined();
        expect(FILTER_KINDS[filter.kind], filter.name).toContain(spec!.kind);
      }
      expect(view.searchable).toBe('search' in mirror);
    });
  }

  it('links only to resources that have a view', () => {
    const targets = Object.values(RESOURCE_VIEWS).flatMap((v) => [
      ...v.detail.flatMap((g) => (g.fields ?? []).filter((f) => f.to).map((f) => f.to)),
      ...v.detail.flatMap((g) => (g.tables ?? []).flatMap((t) => Object.values(t.link?.targets ?? {}))),
      ...v.detail.flatMap((g) => (g.related ?? []).map((r) => r.to)),
    ]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(Object.keys(RESOURCE_VIEWS)).toContain(target);
  });
});

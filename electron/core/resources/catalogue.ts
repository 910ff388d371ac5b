/** The product catalogue: products with their add-ons and configurable options (child tables). */
import { equalsText, equalsNumber, type SqlValue } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';

export const catalogue = {
  table: 'catalogue',
  idOf: (p) => p.pid,
  columns: { gid: (p) => p.gid, name: (p) => p.name, type: (p) => p.type },
  sort: { id: 'id', name: 'name', gid: 'gid' },
  defaultSort: { field: 'id', dir: 'asc' },
  filters: { gid: equalsNumber('gid'), type: equalsText('type') },
  children: [
    {
      table: 'catalogue_addons',
      columns: ['id', 'name', 'billing_cycle'],
      rows: (p) => p.addons.map((a) => [a.id, a.name, a.billingCycle]),
    },
    {
      table: 'catalogue_config_options',
      columns: ['id', 'name', 'type'],
      rows: (p) => p.configOptions.map((o) => [o.id, o.name, o.type]),
    },
    {
      table: 'catalogue_config_choices',
      columns: ['option_id', 'id', 'name', 'price'],
      rows: (p) => p.configOptions.flatMap((o) => o.choices.map((c): SqlValue[] => [o.id, c.id, c.name, c.price])),
    },
  ],
  pull: { kind: 'catalogue' },
} satisfies EngineResource<'catalogue'>;

/**
 * The mirror's layout of every resource (see descriptor.ts), as the resources' own descriptors give it
 * (electron/core/resources); tests/unit/resource-tables.test.ts checks them against the migrations' tables.
 */
import type { FilterSpec, FilterValueOf, ResourceDescriptor } from './descriptor.js';
import { RESOURCES } from '../resources/index.js';
import type { ResourceName, ResourceRecords } from '../../../shared/records.js';

export { RESOURCES };

type Descriptors = typeof RESOURCES;

/** The sortable fields of a resource. */
export type SortField<R extends ResourceName> = keyof Descriptors[R]['sort'] & string;

/** The filters a resource's lists take, each with its value type. */
export type Filters<R extends ResourceName> = {
  [K in keyof Descriptors[R]['filters']]?: Descriptors[R]['filters'][K] extends FilterSpec
    ? FilterValueOf<Descriptors[R]['filters'][K]>
    : never;
};

/** The descriptor of a resource, typed by its record. */
export function descriptorOf<R extends ResourceName>(resource: R): ResourceDescriptor<ResourceRecords[R]> {
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a descriptor looked up by resource name: the compiler cannot correlate RESOURCES[R] with ResourceRecords[R]
  return RESOURCES[resource] as unknown as ResourceDescriptor<ResourceRecords[R]>;
}

/** The account's client details: shown on the dashboard, not as a list. */
import type { SharedResourceDescriptor } from './descriptor.js';

export const client = { overlaid: false, view: null } satisfies SharedResourceDescriptor<'client'>;

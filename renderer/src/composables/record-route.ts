/** The route that opens one record's detail: its resource's list screen with the record's id. */
import type { RouteLocationRaw } from 'vue-router';
import type { ResourceName } from '../../../shared/records';
import { LIST_SCREENS } from '../router';

/** A resource's list screen name (payments show transactions), or null for one without a screen (client). */
export function screenOf(resource: ResourceName): string | null {
  return LIST_SCREENS.find((screen) => screen.resource === resource)?.name ?? null;
}

/** The client (the account holder, found by search) opens the dashboard, which shows its card. */
export function recordRoute(resource: ResourceName, id: number | string): RouteLocationRaw | null {
  if (resource === 'client') return { name: 'dashboard' };
  const screen = screenOf(resource);
  return screen === null ? null : { name: screen, params: { id: String(id) } };
}

/**
 * A list screen's query — its filters, text and sort — lives in its route, so a filtered, sorted list is a link
 * (the dashboard's radar links to `/domains?status=Active&expiringWithinDays=30`). This is the one place that
 * reads it from the route and writes it back: the screen shows `query` and changes it only through `set`
 * (replace: filtering is not a page to go back to). While another screen's route shows (the list kept alive in
 * the background), `query` is null.
 */
import { computed, type ComputedRef } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { listQueryFromRoute, queryFromFilters, type ListQuery } from '../../../shared/list-query-params';
import type { ResourceView } from '../../../shared/resource-fields';

export interface RouteQuery {
  query: ComputedRef<ListQuery | null>;
  /** Writes the query into the route, the parts not given as they are. */
  set(next: Partial<ListQuery>): Promise<void>;
}

export function useRouteQuery(screen: () => string, view: () => ResourceView): RouteQuery {
  const route = useRoute();
  const router = useRouter();
  const query = computed(() => (route.name === screen() ? listQueryFromRoute(view(), route.query) : null));

  async function set(next: Partial<ListQuery>): Promise<void> {
    const current = query.value;
    if (!current) return;
    const { filters, text, sort } = { ...current, ...next };
    await router.replace({ query: queryFromFilters(filters, text, sort) });
  }

  return { query, set };
}

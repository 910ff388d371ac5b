/** The app's screens. A list screen is one view drawn from its resource's descriptor; ":id" opens a record's detail. */
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';

/** Sidebar order; `resource` is the mirror resource a list screen shows. */
export const LIST_SCREENS = [
  { name: 'services', resource: 'services' },
  { name: 'domains', resource: 'domains' },
  { name: 'orders', resource: 'orders' },
  { name: 'payments', resource: 'transactions' },
  { name: 'contacts', resource: 'contacts' },
  { name: 'tickets', resource: 'tickets' },
  { name: 'announcements', resource: 'announcements' },
  { name: 'departments', resource: 'departments' },
  { name: 'catalogue', resource: 'catalogue' },
  { name: 'invoices', resource: 'invoices' },
] as const;

export type ListScreen = (typeof LIST_SCREENS)[number];

const routes: RouteRecordRaw[] = [
  { path: '/', name: 'dashboard', component: () => import('./views/DashboardView.vue') },
  ...LIST_SCREENS.map((screen) => ({
    path: `/${screen.name}/:id?`,
    name: screen.name,
    component: () => import('./views/ListView.vue'),
    props: (route: { params: { id?: string | string[] } }) => ({ resource: screen.resource, screen: screen.name, id: route.params.id || null }),
  })),
  { path: '/billing', name: 'billing', component: () => import('./views/BillingView.vue') },
  { path: '/check-domain', name: 'check-domain', component: () => import('./views/CheckDomainView.vue') },
  { path: '/cart', name: 'cart', component: () => import('./views/CartView.vue') },
  { path: '/outbox', name: 'outbox', component: () => import('./views/OutboxView.vue') },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
  { path: '/welcome', name: 'welcome', component: () => import('./views/WelcomeView.vue') },
  { path: '/connect', name: 'connect', component: () => import('./views/ConnectView.vue') },
  { path: '/:pathMatch(.*)*', redirect: '/' },
];

// Hash history: the Electron window loads a file:// page, where path history has nothing to serve deep links.
export const router = createRouter({ history: createWebHashHistory(), routes });

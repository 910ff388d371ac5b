/** The sidebar's icons: SVG path data on a 16 × 16 grid, drawn as 1.4px strokes in the text's colour. */
export const SIDEBAR_ICONS: Record<string, string> = {
  dashboard: 'M2.5 2.5h4.5v4.5h-4.5zM9 2.5h4.5v4.5h-4.5zM2.5 9h4.5v4.5h-4.5zM9 9h4.5v4.5h-4.5z',
  services: 'M2.5 3h11v4h-11zM2.5 9h11v4h-11zM5 5h.01M5 11h.01',
  domains: 'M8 2a6 6 0 1 0 0 12a6 6 0 1 0 0-12zM2 8h12M8 2c2 2 2 10 0 12M8 2c-2 2-2 10 0 12',
  orders: 'M3.5 2.5h9v11l-2-1.2-2.5 1.2-2.5-1.2-2 1.2zM6 6h4M6 9h4',
  payments: 'M2 4h12v8h-12zM2 7h12M4.5 10h2',
  contacts: 'M8 8a2.75 2.75 0 1 0 0-5.5a2.75 2.75 0 1 0 0 5.5zM3 13.5c.6-2.6 2.6-4 5-4s4.4 1.4 5 4',
  tickets: 'M2.5 3.5h11v7h-6.5l-3 2.5v-2.5h-1.5z',
  announcements: 'M2.5 6.5v3h2l5 3v-9l-5 3zM12 6a2.5 2.5 0 0 1 0 4',
  departments: 'M2.5 13.5v-10h6v10M8.5 6.5h5v7M4.5 6h2M4.5 9h2M10.5 9h1',
  catalogue: 'M2.5 5l5.5-2.5 5.5 2.5v6l-5.5 2.5-5.5-2.5zM2.5 5l5.5 2.5 5.5-2.5M8 7.5v6',
  invoices: 'M4 2h5.5l2.5 2.5v9.5h-8zM9.5 2v2.5h2.5M6 8h4M6 10.5h4',
  billing: 'M2 4.5h12v7h-12zM8 9.5a1.5 1.5 0 1 0 0-3a1.5 1.5 0 1 0 0 3zM4 6.5v3M12 6.5v3',
  cart: 'M1.5 2.5h2l1.6 7.5h7.4l1.5-5.5h-9.8M6 13.2h.01M11.5 13.2h.01',
  outbox: 'M2.5 9.5v4h11v-4M8 2.5v7.5M5 5.5l3-3 3 3',
  settings: 'M8 10a2 2 0 1 0 0-4a2 2 0 1 0 0 4zM8 1.8v2M8 12.2v2M1.8 8h2M12.2 8h2M3.6 3.6l1.4 1.4M11 11l1.4 1.4M3.6 12.4l1.4-1.4M11 5l1.4-1.4',
};

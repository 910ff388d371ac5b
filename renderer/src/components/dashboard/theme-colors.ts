/** The design tokens' current values (for a canvas, which cannot read CSS variables), and when they change. */

export function tokenValue(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Calls back when the theme changes: theme.ts sets [data-theme] for the setting and for the system's choice alike. */
export function onThemeChange(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  return () => observer.disconnect();
}

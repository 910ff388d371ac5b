/** The design tokens' current values (for a canvas, which cannot read CSS variables), and when they change. */

export function tokenValue(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Calls back when the theme changes: the system's light/dark, or the [data-theme] the settings store sets. */
export function onThemeChange(callback: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', callback);
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  return () => {
    media.removeEventListener('change', callback);
    observer.disconnect();
  };
}

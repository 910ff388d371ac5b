/**
 * The theme the page shows, as `data-theme` on <html> (what tokens.css reads): the setting, or for "system"
 * the OS's light or dark, followed as it changes. Set at startup from the OS, before the settings arrive, so a
 * dark desktop never flashes light. One palette per theme in tokens.css, and every colour a concrete value
 * (the chart reads them with getComputedStyle).
 */
import type { Settings } from '../../shared/contract';

const dark = window.matchMedia('(prefers-color-scheme: dark)');
let setting: Settings['theme'] = 'system';

function paint(): void {
  document.documentElement.dataset.theme = setting === 'system' ? (dark.matches ? 'dark' : 'light') : setting;
}

export function showTheme(theme: Settings['theme']): void {
  setting = theme;
  paint();
}

dark.addEventListener('change', paint);
paint();

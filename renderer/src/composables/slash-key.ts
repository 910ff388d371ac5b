/**
 * "/" from anywhere on a screen but a field goes to its search (`go`), while the screen shows: a screen kept alive
 * (KeepAlive) stops listening while another shows, and listens again when it comes back.
 */
import { onActivated, onBeforeUnmount, onDeactivated, onMounted } from 'vue';

export function useSlashKey(go: () => void): void {
  function onSlash(event: KeyboardEvent): void {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    event.preventDefault();
    go();
  }
  // Shown again without a mount (kept alive): adding the same listener twice adds it once.
  const listen = () => window.addEventListener('keydown', onSlash);
  const stop = () => window.removeEventListener('keydown', onSlash);
  onMounted(listen);
  onActivated(listen);
  onDeactivated(stop);
  onBeforeUnmount(stop);
}

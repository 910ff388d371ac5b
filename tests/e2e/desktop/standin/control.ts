/**
 * The stand-in's line to the test that launched it (Node's IPC channel of the child process): what the app
 * did that a person would see outside the window (a notification, a dialog, the system browser opening, a
 * menu set) is recorded and sent to the test, and the test's commands (click a menu item or a notification,
 * answer the next dialog, take the focus away, quit) arrive here.
 */
export type StandinRecord = { type: string } & Record<string, unknown>;

export type StandinCommand =
  | { type: 'menu'; path: string[] }
  | { type: 'notification-click'; index: number }
  | { type: 'dialog-answer'; kind: 'save' | 'open' | 'message'; answer: Record<string, unknown> }
  | { type: 'focus'; focused: boolean }
  | { type: 'minimize' }
  | { type: 'repair-files' }
  | { type: 'crash' }
  | { type: 'close-window' }
  | { type: 'tray-click'; label: string }
  | { type: 'context-menu-click'; label: string }
  | { type: 'quit' };

const records: StandinRecord[] = [];
const handlers = new Map<string, (command: StandinCommand) => void>();

export function record(entry: StandinRecord): void {
  records.push(entry);
  process.send?.({ type: 'record', entry });
}

export function onCommand<T extends StandinCommand['type']>(type: T, handler: (command: Extract<StandinCommand, { type: T }>) => void): void {
  handlers.set(type, handler as (command: StandinCommand) => void);
}

process.on('message', (message: StandinCommand) => {
  const handler = handlers.get(message.type);
  if (handler) handler(message);
  else record({ type: 'standin-error', message: `no handler for the test's command ${message.type}` });
});

/** Lets the process exit once the app quits, though the test's channel is still open. */
export function releaseChannel(): void {
  process.channel?.unref();
}

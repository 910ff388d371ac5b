/**
 * A failure in the window nobody handled, as the renderer reports it to the engine's log (app.reportError): where
 * it happened (a component's lifecycle or handler, a promise nobody awaited, a script error), the component's
 * name when known, and the message. Bounded: a report is one log line, not a dump.
 */
import { z } from 'zod';

export const WINDOW_ERROR_SOURCES = ['component', 'promise', 'script'] as const;

export const WindowErrorSchema = z.strictObject({
  source: z.enum(WINDOW_ERROR_SOURCES),
  message: z.string().min(1).max(2000),
  /** The component (or Vue's phase, "render function", "mounted hook") it happened in. */
  where: z.string().max(200).optional(),
});

export type WindowError = z.infer<typeof WindowErrorSchema>;

/** The log's line for a report. */
export function windowErrorLine({ source, message, where }: WindowError): string {
  return `the window: ${source === 'promise' ? 'a promise nobody awaited failed' : source === 'script' ? 'a script error' : 'a component failed'}${where ? ` (${where})` : ''}: ${message}`;
}

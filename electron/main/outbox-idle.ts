/**
 * Resolves once no edit is being sent, or after `maxMs`: an entry whose reply was lost stays "sending" until the
 * provider answers again, and a restart then loses nothing (the outbox is on disk, checked before any resend).
 */
import { settleWithin } from '../../shared/settle-within.js';
import type { Desk } from '../core/desk/index.js';

export async function outboxIdle(engine: Pick<Desk, 'call' | 'on' | 'off'>, maxMs = 60_000): Promise<void> {
  let stop = () => undefined as void;
  const idle = (async () => {
    for (;;) {
      const { sending } = await engine.call('outbox.counts');
      if (sending === 0) return;
      await new Promise<void>((done) => {
        const changed = () => {
          engine.off('outbox.changed', changed);
          done();
        };
        stop = () => engine.off('outbox.changed', changed);
        engine.on('outbox.changed', changed);
      });
    }
  })();
  await settleWithin(idle, maxMs);
  stop();
}

/**
 * Provider errors keep their details (a proxy in front of the strict sandbox answers as real providers do when
 * they refuse): a 422's field errors reach the outbox entry for its form, an HTML 403 page is said by its
 * headline, and a `{"status":"error"}` with HTTP 200 is a refusal, not a success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOutbox } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { startLyingProvider, type LyingProvider } from '../sync/lying-provider.js';
import { outboxFile, replaying } from '../outbox/harness.js';
import { connect, start, type Connected } from './harness.js';

let sb: RunningSandbox;
let provider: LyingProvider;
let conn: Connected;

const INVALID_IP_PAGE = '<!DOCTYPE html><html><head><title>Access denied: Invalid IP</title></head><body><h1>403</h1></body></html>';

beforeAll(async () => {
  sb = await start();
  provider = await startLyingProvider(sb, ({ operation }) => {
    if (operation === 'add-contact') {
      return { status: 422, json: { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } } };
    }
    if (operation === 'get-orders') return { status: 403, text: INVALID_IP_PAGE, contentType: 'text/html' };
    if (operation === 'add-ticket-reply') return { json: { status: 'error' } };
    return undefined;
  });
  conn = await connect({ ...sb, baseUrl: provider.baseUrl, altBaseUrl: provider.altBaseUrl });
});
afterAll(async () => {
  await provider.stop();
  await sb.stop();
});

describe('provider errors', () => {
  it('a 422 keeps its field errors: on the ApiError, and on the failed outbox entry for its form', async () => {
    const error = await conn.client.addContact({ firstname: 'Dup', email: 'dup@example.com' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, issues: [{ field: 'email', message: 'The email has already been taken.' }] });

    const file = outboxFile();
    const { outbox, settle } = replaying(file, conn.client);
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Dup', email: 'dup@example.com' } });
    await settle();
    outbox.dispose();
    // Read back from the file: the field errors are stored, not only held in memory.
    const reopened = openOutbox(file);
    expect(reopened.get(entry.id)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'rejected', issues: [{ field: 'email', message: 'The email has already been taken.' }] },
    });
    reopened.dispose();
  });

  it('an HTML 403 page is said by its title, not as a bare "HTTP 403"', async () => {
    await expect(conn.client.getOrders()).rejects.toMatchObject({ kind: 'rejected', status: 403, message: 'get-orders: HTTP 403: Access denied: Invalid IP' });
  });

  it('{"status":"error"} with HTTP 200 is a refusal: the reply is not counted as sent', async () => {
    const { id } = (await conn.client.getTickets({ limitnum: 1 })).items[0]!;
    await expect(conn.client.addTicketReply({ ticketid: id, message: 'Hello?' })).rejects.toMatchObject({ kind: 'rejected' });

    const { outbox, settle } = replaying(outboxFile(), conn.client);
    const entry = await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: id, message: 'Hello again?' } });
    await settle();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: 'add-ticket-reply: rejected (status "error")' } });
    outbox.dispose();
  });
});

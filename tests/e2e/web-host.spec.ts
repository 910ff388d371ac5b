import { expect, openApp, test } from './fixtures/web-host';

test('the app loads in a browser tab from the web host, with no console error and no CSP violation', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  expect(await page.evaluate(() => window.desk.host)).toBe('web');
  // The launch token is taken from the address bar once the page has it.
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  expect(problems).toEqual([]);
});

test('a procedure makes the round trip over the socket, and a failure keeps its code and field', async ({ page, webHost }) => {
  await openApp(page, webHost);
  const reply = await page.evaluate(async () => {
    const desk = window.desk;
    return { info: await desk.invoke('session.info'), bad: await desk.invoke('data.list', { resource: 'planets' }) };
  });
  expect(reply.info).toMatchObject({ ok: true, value: { account: 'Demo' } });
  expect(reply.bad).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ field: 'resource' }] } });
});

test('a reload keeps the tab connected, though the token has left the address bar', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.reload();
  const reply = await page.evaluate(() => window.desk.invoke('data.counts'));
  expect(reply.ok).toBe(true);
  expect(problems).toEqual([]);
});

test('a page opened without the token gets no answer from the engine', async ({ page, webHost }) => {
  await page.goto(webHost.origin);
  const reply = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      }),
  );
  expect(reply).toBe('refused');
});

/** The system's PAC answers as the engine reads them (network/proxy-route.ts), and how a route is said. */
import { describe, expect, it } from 'vitest';
import { describeRoute, firstUsable, systemProxy } from '../../electron/core/network/proxy-route.js';

describe('a PAC answer', () => {
  it('takes the first entry it can use, in order', () => {
    expect(firstUsable('DIRECT')).toBeNull();
    expect(firstUsable('')).toBeNull();
    expect(firstUsable('PROXY proxy.corp:3128; DIRECT')).toBe('http://proxy.corp:3128');
    expect(firstUsable('HTTPS secure.corp:443')).toBe('https://secure.corp:443');
    expect(firstUsable('QUIC quic.corp:443; PROXY proxy.corp:8080')).toBe('http://proxy.corp:8080');
    expect(firstUsable('DIRECT; SOCKS5 socks.corp:1080')).toBeNull();
  });

  it('reads SOCKS entries as Chromium does: SOCKS is version 4, SOCKS5 has the proxy look the name up', () => {
    expect(firstUsable('SOCKS5 socks.corp:1080; PROXY proxy.corp:8080')).toBe('socks5h://socks.corp:1080');
    expect(firstUsable('SOCKS socks.corp:1081')).toBe('socks4://socks.corp:1081');
    expect(firstUsable('socks4 socks.corp:1082')).toBe('socks4://socks.corp:1082');
  });

  it('refuses a list of nothing it can use, in words', () => {
    expect(() => firstUsable('QUIC quic.corp:443; SOCKS5')).toThrow(
      "the system's proxy settings name only proxies this app cannot use (QUIC quic.corp:443; SOCKS5): it speaks to HTTP, HTTPS and SOCKS proxies",
    );
  });

  it('is asked per address, and said with who set it, credentials never', async () => {
    const asked: string[] = [];
    const lookup = systemProxy(async (url) => (asked.push(url), url.includes('alt') ? 'DIRECT' : 'PROXY user:secret@proxy.corp:3128'));
    expect(await lookup('https://alt.example.com/api')).toEqual({ proxy: null, source: 'system' });
    const route = await lookup('https://api.example.com/oauth/token');
    expect(asked).toEqual(['https://alt.example.com/api', 'https://api.example.com/oauth/token']);
    expect(describeRoute(route)).toBe("through the proxy http://proxy.corp:3128 (set in the system's proxy settings)");
    expect(describeRoute({ proxy: null, source: 'environment' })).toBe('directly, without a proxy');
  });
});

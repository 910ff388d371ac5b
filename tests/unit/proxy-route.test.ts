/** The system's PAC answers as the engine reads them (network/proxy-route.ts), and how a route is said. */
import { describe, expect, it } from 'vitest';
import { describeRoute, firstUsable, systemProxy } from '../../electron/core/network/proxy-route.js';

describe('a PAC answer', () => {
  it('takes the first entry it can use, in order', () => {
    expect(firstUsable('DIRECT')).toBeNull();
    expect(firstUsable('')).toBeNull();
    expect(firstUsable('PROXY proxy.corp:3128; DIRECT')).toBe('http://proxy.corp:3128');
    expect(firstUsable('HTTPS secure.corp:443')).toBe('https://secure.corp:443');
    expect(firstUsable('SOCKS5 socks.corp:1080; PROXY proxy.corp:8080')).toBe('http://proxy.corp:8080');
    expect(firstUsable('SOCKS5 socks.corp:1080; DIRECT')).toBeNull();
  });

  it('refuses a list of SOCKS proxies only, in words', () => {
    expect(() => firstUsable('SOCKS5 socks.corp:1080; SOCKS socks.corp:1081')).toThrow(
      "the system's proxy settings name only proxies this app cannot use (SOCKS5 socks.corp:1080; SOCKS socks.corp:1081): it speaks to HTTP and HTTPS proxies, not SOCKS",
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

/** The provider's last-login line read as facts (renderer/src/components/dashboard/last-login.ts). */
import { describe, expect, it } from 'vitest';
import { lastLoginParts, loginMoment } from '../../../renderer/src/components/dashboard/last-login';

describe('lastLoginParts', () => {
  it('reads the labelled parts the upstream system writes, without their English labels', () => {
    expect(lastLoginParts('Date: 26/11/2026 14:15<br>IP Address: 192.0.2.127<br />Host: client-1.isp.example')).toEqual([
      { label: 'date', value: '26/11/2026 14:15' },
      { label: 'ip', value: '192.0.2.127' },
      { label: 'host', value: 'client-1.isp.example' },
    ]);
  });

  it('leaves out a part with no value, as in the upstream example reply', () => {
    expect(lastLoginParts('Date: 03/10/2016 10:26<br>IP Address:<br>Host:')).toEqual([{ label: 'date', value: '03/10/2016 10:26' }]);
  });

  it('keeps a part it does not know as written, and gives nothing for an empty line', () => {
    expect(lastLoginParts('Never<BR>Browser: Firefox')).toEqual([
      { label: null, value: 'Never' },
      { label: null, value: 'Browser: Firefox' },
    ]);
    expect(lastLoginParts('')).toEqual([]);
  });
});

describe('loginMoment', () => {
  const now = new Date('2026-12-07T09:00:00');

  it('reads a slashed date either way round as the latest one not in the future', () => {
    expect(loginMoment('06/12/2026 14:15', now)).toBe('2026-12-06 14:15:00');
    expect(loginMoment('12/06/2026 14:15', now)).toBe('2026-12-06 14:15:00');
    expect(loginMoment('26/11/2026 14:15', now)).toBe('2026-11-26 14:15:00');
    expect(loginMoment('11/26/2026 9:05', now)).toBe('2026-11-26 09:05:00');
  });

  it('reads dotted and dashed dates day first, and dates written year first', () => {
    expect(loginMoment('03.10.2016 10:26', now)).toBe('2016-10-03 10:26:00');
    expect(loginMoment('03-10-2016', now)).toBe('2016-10-03 00:00:00');
    expect(loginMoment('2026/12/06 14:15', now)).toBe('2026-12-06 14:15:00');
    expect(loginMoment('2026-12-06 14:15', now)).toBe('2026-12-06 14:15:00');
  });

  it('gives null for what is no date', () => {
    expect(loginMoment('No Login Logged', now)).toBeNull();
    expect(loginMoment('31/31/2026', now)).toBeNull();
    expect(loginMoment('yesterday 14:15', now)).toBeNull();
  });
});

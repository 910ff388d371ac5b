/** The provider's last-login line read as facts (renderer/src/components/dashboard/last-login.ts). */
import { describe, expect, it } from 'vitest';
import { lastLoginParts } from '../../../renderer/src/components/dashboard/last-login';

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

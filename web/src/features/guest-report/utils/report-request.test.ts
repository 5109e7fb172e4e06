import { describe, expect, it } from 'vitest';
import { reportRequestFrom } from './report-request.ts';

const GUEST = 'a55e55e0-0000-4000-8000-000000000007';
const query = (text = '') => new URLSearchParams(text);

describe('reportRequestFrom', () => {
  it('reads the legacy route as the Enneagram report', () => {
    expect(reportRequestFrom({ guestId: GUEST }, query())).toEqual({ reportCode: 'e', guestId: GUEST, query: {} });
  });

  it.each(['e', 'm', 'c', 'cp'])('accepts the report code %s', (reportCode) => {
    expect(reportRequestFrom({ reportCode, guestId: GUEST }, query())?.reportCode).toBe(reportCode);
  });

  it('passes language, version=text, trifix and instinct on', () => {
    expect(reportRequestFrom({ reportCode: 'c', guestId: GUEST }, query('language=slovak&version=text&trifix=514&instinct=SX'))).toEqual({
      reportCode: 'c',
      guestId: GUEST,
      query: { language: 'slovak', version: 'text', trifix: '514', instinct: 'SX' },
    });
  });

  it('leaves out query values the contract would refuse', () => {
    expect(
      reportRequestFrom({ reportCode: 'e', guestId: GUEST }, query('language=klingon&version=pdf&trifix=5140&instinct=XX'))?.query,
    ).toEqual({});
  });

  it('refuses an unknown report code and a guest id that is not a 36-character uuid', () => {
    expect(reportRequestFrom({ reportCode: 'x', guestId: GUEST }, query())).toBeNull();
    expect(reportRequestFrom({ reportCode: 'e', guestId: GUEST.slice(1) }, query())).toBeNull();
    expect(reportRequestFrom({ reportCode: 'e', guestId: 'not-a-uuid-at-all-but-36-characters!' }, query())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { signupsCsv } from './signups-csv';

describe('email signups export', () => {
  it('writes a header and one quoted-as-needed line per signup', () => {
    expect(
      signupsCsv([
        { email: 'ann@club.test', createdAt: '2026-01-02T03:04:05.000Z' },
        { email: '"odd,one"@club.test', createdAt: '2026-01-01T00:00:00.000Z' },
      ]),
    ).toBe(
      'Email,Signed Up\r\nann@club.test,2026-01-02T03:04:05.000Z\r\n"""odd,one""@club.test",2026-01-01T00:00:00.000Z',
    );
  });

  it('escapes a cell a spreadsheet would run as a formula', () => {
    expect(signupsCsv([{ email: '=cmd@club.test', createdAt: '2026-01-01T00:00:00.000Z' }])).toContain(
      `"'=cmd@club.test"`,
    );
  });

  it('writes only the header for no signups', () => {
    expect(signupsCsv([])).toBe('Email,Signed Up\r\n');
  });
});

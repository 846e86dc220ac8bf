import { BULK_IMPORT_DEFAULTS } from '@common/constants';
import { bulkPlayerRowSchema } from '@common/schemas/admin';
import { describe, expect, it } from 'vitest';
import {
  buildLocation,
  generatedEmail,
  isCsvFileName,
  isHeaderLine,
  NAME_REQUIRED_REASON,
  preparePlayers,
  splitName,
  type Preparation,
  withInputLine,
} from './prepare-players';

function prepared(text: string) {
  const result: Preparation = preparePlayers(text);
  if (!result.ok) throw new Error(`expected a preparation, got: ${result.error}`);
  return result;
}

describe('bulk import preparation (docs/product.md#bulk-import-rules)', () => {
  it('reads headerless lines as name, email, city, state, country with the bulk import defaults', () => {
    const result = prepared('Jane Doe, jane@club.test, Austin, TX\nBob Stone,bob@club.test,Leeds,,UK\n');
    expect(result.hasHeader).toBe(false);
    expect(result.rejected).toEqual([]);
    expect(result.players).toEqual([
      {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@club.test',
        skillLevel: '3.0',
        yearsPlaying: '1-2',
        location: 'Austin, TX, USA',
        bio: 'Player imported via bulk import',
      },
      {
        firstName: 'Bob',
        lastName: 'Stone',
        email: 'bob@club.test',
        skillLevel: BULK_IMPORT_DEFAULTS.skillLevel,
        yearsPlaying: BULK_IMPORT_DEFAULTS.yearsPlaying,
        location: 'Leeds, UK',
        bio: BULK_IMPORT_DEFAULTS.bio,
      },
    ]);
  });

  it('treats the first line as a header when it contains name or email, and maps its columns', () => {
    const result = prepared(
      'Email,First Name,Last Name,City,State,Skill Level,Years Playing\n' +
        'ann@club.test,Ann,van der Berg,Denver,CO,4.5,10+\n',
    );
    expect(result.hasHeader).toBe(true);
    expect(result.players).toEqual([
      {
        firstName: 'Ann',
        lastName: 'van der Berg',
        email: 'ann@club.test',
        skillLevel: '4.5',
        yearsPlaying: '10+',
        location: 'Denver, CO, USA',
        bio: BULK_IMPORT_DEFAULTS.bio,
      },
    ]);
  });

  it('splits the name on the first space only', () => {
    expect(splitName('Mary Ann  Lee')).toEqual({ firstName: 'Mary', lastName: 'Ann Lee' });
    expect(splitName('  Cher ')).toBeNull();
    expect(splitName('')).toBeNull();
  });

  it('generates first.last@example.com for a missing e-mail, accents and symbols dropped', () => {
    const result = prepared("name\nJosé O'Neil\n");
    expect(result.players[0].email).toBe('jose.oneil@example.com');
    expect(generatedEmail('Ann', 'van der Berg')).toBe('ann.vanderberg@example.com');
    expect(generatedEmail('李', '王')).toBe('player.player@example.com');
  });

  it("uses 'Unknown Location' without city and state", () => {
    expect(prepared('Kim Park').players[0].location).toBe('Unknown Location');
    expect(buildLocation('', 'OR', '')).toBe('OR, USA');
    expect(buildLocation('Paris', '', 'France')).toBe('Paris, France');
  });

  it('sets aside lines without a first and last name, numbered as typed (blank lines count)', () => {
    const result = prepared('Name,Email\nSolo,solo@club.test\n\nTwo Names,two@club.test\n ,x@club.test\n');
    expect(result.players.map((player) => player.email)).toEqual(['two@club.test']);
    expect(result.rejected).toEqual([
      { line: 2, reason: NAME_REQUIRED_REASON },
      { line: 5, reason: NAME_REQUIRED_REASON },
    ]);
  });

  it('reads a first line holding an address as data, even when it contains the word email', () => {
    expect(isHeaderLine(['Jo Bloggs', 'jo@email.com'])).toBe(false);
    expect(isHeaderLine(['Full Name', 'E-mail'])).toBe(true);
    expect(prepared('Jo Bloggs,jo@email.com').players).toHaveLength(1);
  });

  it('accepts quoted cells, tabs and Windows line ends', () => {
    const quoted = prepared('"Sam Lee, Jr.","s@club.test","Portland","OR"\r\nAmy Wu,a@club.test\r\n');
    expect(quoted.players.map((player) => [player.firstName, player.lastName, player.location])).toEqual([
      ['Sam', 'Lee, Jr.', 'Portland, OR, USA'],
      ['Amy', 'Wu', 'Unknown Location'],
    ]);
    const tabbed = prepared('Amy Wu\ta@club.test\tBoise\tID\r\n');
    expect(tabbed.players[0]).toMatchObject({ firstName: 'Amy', email: 'a@club.test', location: 'Boise, ID, USA' });
  });

  it('reports text it cannot parse (an unclosed quote)', () => {
    const result = preparePlayers('Ann Lee,"ann@club.test\nBob Ray,bob@club.test');
    expect(result.ok).toBe(false);
  });

  it('finds no players in empty text or a header alone', () => {
    expect(prepared('').players).toEqual([]);
    expect(prepared('name,email\n').players).toEqual([]);
  });

  it('prepares rows the server schema accepts', () => {
    const { players } = prepared('name,email,city,state\nZoe Quinn,,Reno,NV\nAl Bo,al@club.test,,\n');
    for (const player of players) expect(bulkPlayerRowSchema.safeParse(player).success).toBe(true);
  });

  it('remembers the input line of each player, and names it in a server row error', () => {
    const result = prepared('Name,Email\nSolo\nAnn Lee,ann@club.test\n\nBob Ray,bad\n');
    expect(result.lines).toEqual([3, 5]);
    expect(withInputLine('Row 2: Please enter a valid email address', result.lines)).toBe(
      'Line 5: Please enter a valid email address',
    );
    expect(withInputLine('Row 9: Something', result.lines)).toBe('Row 9: Something');
    expect(withInputLine('Unexpected', result.lines)).toBe('Unexpected');
  });

  it('accepts only .csv file names', () => {
    expect(isCsvFileName('players.csv')).toBe(true);
    expect(isCsvFileName('PLAYERS.CSV')).toBe(true);
    expect(isCsvFileName('players.xlsx')).toBe(false);
    expect(isCsvFileName('players.csv.txt')).toBe(false);
  });
});

import type { PlayerFormValues } from '@client/lib/player-form-values';
import { BULK_IMPORT_DEFAULTS } from '@common/constants';
import { BULK_IMPORT_MAX_ROWS } from '@common/schemas/admin';
import Papa from 'papaparse';

/** One player as POST /api/players/bulk takes it (docs/product.md#bulk-import-rules). */
export type PreparedPlayer = PlayerFormValues;

/** A line that could not become a player, by its 1-based line number in the input. */
export type RejectedLine = { line: number; reason: string };

export type Preparation =
  | {
      ok: true;
      players: PreparedPlayer[];
      /** The input line each player came from, in the same order as `players`. */
      lines: number[];
      rejected: RejectedLine[];
      hasHeader: boolean;
    }
  | { ok: false; error: string };

export const GENERATED_EMAIL_DOMAIN = 'example.com';
export const NAME_REQUIRED_REASON = 'Needs a first and last name';

type Column =
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'city'
  | 'state'
  | 'country'
  | 'location'
  | 'skillLevel'
  | 'yearsPlaying'
  | 'bio';

/** Without a header the columns are, in order: name, email, city, state, country. */
const POSITIONAL_COLUMNS: Column[] = ['name', 'email', 'city', 'state', 'country'];

/** Header cells we understand, compared without case, spaces, dashes or underscores. */
const HEADER_ALIASES: Record<string, Column> = {
  name: 'name',
  fullname: 'name',
  playername: 'name',
  player: 'name',
  firstname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  city: 'city',
  town: 'city',
  state: 'state',
  province: 'state',
  region: 'state',
  country: 'country',
  location: 'location',
  skill: 'skillLevel',
  skilllevel: 'skillLevel',
  level: 'skillLevel',
  years: 'yearsPlaying',
  yearsplaying: 'yearsPlaying',
  experience: 'yearsPlaying',
  bio: 'bio',
  about: 'bio',
};

const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * docs/product.md#validation-messages: the first line is a header when it contains 'name' or 'email' (any letter case). A line holding an
 * address ("jo@email.com") is data, not a header, even though it contains the word.
 */
export function isHeaderLine(cells: string[]): boolean {
  return cells.some((cell) => /name|e-?mail/i.test(cell)) && !cells.some((cell) => cell.includes('@'));
}

/** docs/product.md#validation-messages: first and last name split on the first space ("Mary Ann Lee" → "Mary" / "Ann Lee"). */
export function splitName(fullName: string): { firstName: string; lastName: string } | null {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  if (space <= 0) return null;
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** An e-mail local-part piece from a name: accents dropped, lower case, letters and digits only. */
function emailPart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** docs/product.md#validation-messages: a missing e-mail becomes first.last at an example domain. */
export function generatedEmail(firstName: string, lastName: string): string {
  const first = emailPart(firstName) || 'player';
  const last = emailPart(lastName) || 'player';
  return `${first}.${last}@${GENERATED_EMAIL_DOMAIN}`;
}

/** docs/product.md#place-suggestions: "City, ST, USA" from city and state (country defaults to USA), else 'Unknown Location'. */
export function buildLocation(city: string, state: string, country: string): string {
  const parts = [city, state].filter(Boolean);
  if (parts.length === 0) return BULK_IMPORT_DEFAULTS.location;
  return [...parts, country || BULK_IMPORT_DEFAULTS.country].join(', ');
}

function columnsOf(header: string[] | null): (Column | null)[] {
  if (!header) return POSITIONAL_COLUMNS;
  return header.map((cell) => HEADER_ALIASES[headerKey(cell)] ?? null);
}

function toPlayer(cells: string[], columns: (Column | null)[]): PreparedPlayer | null {
  const value: Partial<Record<Column, string>> = {};
  columns.forEach((column, index) => {
    const cell = cells[index]?.trim();
    if (column && cell && !value[column]) value[column] = cell;
  });

  const names =
    value.firstName && value.lastName
      ? { firstName: value.firstName, lastName: value.lastName }
      : splitName(value.name ?? [value.firstName, value.lastName].filter(Boolean).join(' '));
  if (!names) return null;

  return {
    ...names,
    email: value.email ?? generatedEmail(names.firstName, names.lastName),
    skillLevel: value.skillLevel ?? BULK_IMPORT_DEFAULTS.skillLevel,
    yearsPlaying: value.yearsPlaying ?? BULK_IMPORT_DEFAULTS.yearsPlaying,
    location: value.location ?? buildLocation(value.city ?? '', value.state ?? '', value.country ?? ''),
    bio: value.bio ?? BULK_IMPORT_DEFAULTS.bio,
  };
}

/**
 * docs/product.md#bulk-import-rules, client-side preparation: CSV text (comma, tab, semicolon or pipe separated, quotes
 * allowed) → the players to send. Lines without a first and last name are set aside with their number;
 * the server validates each row again and skips e-mails that already exist.
 */
export function preparePlayers(text: string): Preparation {
  // Blank lines are dropped here rather than by Papa, so the line numbers match what the admin sees.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const line = typeof broken.row === 'number' ? ` (line ${broken.row + 1})` : '';
    return { ok: false, error: `${broken.message}${line}` };
  }

  const lines = parsed.data
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const hasHeader = lines.length > 0 && isHeaderLine(lines[0].cells);
  const columns = columnsOf(hasHeader ? lines[0].cells : null);

  const players: PreparedPlayer[] = [];
  const playerLines: number[] = [];
  const rejected: RejectedLine[] = [];
  for (const { cells, line } of hasHeader ? lines.slice(1) : lines) {
    const player = toPlayer(cells, columns);
    if (player) {
      players.push(player);
      playerLines.push(line);
    } else {
      rejected.push({ line, reason: NAME_REQUIRED_REASON });
    }
  }
  return { ok: true, players, lines: playerLines, rejected, hasHeader };
}

/** Why a preparation cannot be sent as it is (a message for the admin), or null when it can. */
export function importRefusal(preparation: Preparation): { title: string; description: string } | null {
  if (!preparation.ok) return { title: 'Failed to parse CSV file', description: preparation.error };
  if (preparation.players.length === 0) {
    return { title: 'No Valid Players Found', description: 'Each line needs at least a first and last name.' };
  }
  if (preparation.players.length > BULK_IMPORT_MAX_ROWS) {
    return {
      title: 'Too Many Players',
      description: `Import at most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} players at a time.`,
    };
  }
  return null;
}

/** docs/product.md#bulk-import-rules: only .csv files are accepted (by name: browsers report CSV under several MIME types). */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());

/**
 * The server numbers a bad row by its place among the players sent ("Row 3: ..."); the admin knows the
 * lines they typed, so the message names the input line instead when it can.
 */
export function withInputLine(error: string, lines: number[]): string {
  const match = /^Row (\d+):/.exec(error);
  if (!match) return error;
  const line = lines[Number(match[1]) - 1];
  return line === undefined ? error : `Line ${line}:${error.slice(match[0].length)}`;
}

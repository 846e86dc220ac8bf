import { faker, fakerES_MX, type Faker } from '@faker-js/faker';
import { normalizeForSearch } from '../../../common/text';
import type { Random } from './random';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const YEAR_MS = 365 * DAY_MS;

export const iso = (ms: number) => new Date(ms);

/** Letters and digits only, for the local part of generated e-mails. */
export function emailPart(name: string): string {
  return normalizeForSearch(name).replace(/[^a-z0-9]/g, '') || 'player';
}

/** `first.last.<suffix>@<domain>`: the suffix keeps generated addresses unique. */
export const fakeEmail = (name: { firstName: string; lastName: string }, suffix: string, domain: string) =>
  `${emailPart(name.firstName)}.${emailPart(name.lastName)}.${suffix}@${domain}`;

export function personName(random: Random): { firstName: string; lastName: string } {
  // About one in twelve names from the Mexican Spanish locale, so search meets accents.
  const source: Faker = random.chance(0.08) ? fakerES_MX : faker;
  return { firstName: source.person.firstName(), lastName: source.person.lastName() };
}

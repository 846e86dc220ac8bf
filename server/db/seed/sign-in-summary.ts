import { SEED_PASSWORD, type Dataset } from './generate';

/**
 * What the seed prints about signing in: only its password accounts can (a Google account's id is made up), so it
 * says how many there are and names a few of them.
 */
export function signInSummary(summary: Dataset['summary']): string[] {
  const { admins, topRater, passwordAccounts, users } = summary;
  const lines = [
    `The ${passwordAccounts} seeded password accounts sign in on /login with the password "${SEED_PASSWORD}", for example:`,
    ...admins.slice(0, 2).map((admin) => `  ${admin.email}  (admin)`),
  ];
  if (topRater.ratings > 0)
    lines.push(`  ${topRater.email}  (the busiest of them as a rater: ${topRater.ratings} ratings given)`);
  lines.push(`The other ${users - passwordAccounts} seeded accounts are Google accounts: they cannot sign in.`);
  return lines;
}

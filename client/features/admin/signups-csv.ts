import type { EmailSignup } from '@common/schemas/admin';
import Papa from 'papaparse';

/**
 * The signups as a CSV file's text (Email, Signed Up in ISO 8601), for a mailing tool. Cells that a
 * spreadsheet would run as a formula (an address may start with "=") are escaped.
 */
export function signupsCsv(signups: Pick<EmailSignup, 'email' | 'createdAt'>[]): string {
  return Papa.unparse(
    { fields: ['Email', 'Signed Up'], data: signups.map((signup) => [signup.email, signup.createdAt]) },
    { escapeFormulae: true },
  );
}

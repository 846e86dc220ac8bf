import { safeReturnPath } from '../../../common/return-path';

/** A post-sign-in target: a path of our own site (PUBLIC_URL's origin), else '/' (no open redirect). */
export const safeReturnTo = (value: string | undefined | null, publicUrl: string): string =>
  safeReturnPath(value, publicUrl);

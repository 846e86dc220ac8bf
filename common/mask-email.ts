/**
 * docs/product.md#email-masking: keep the first and last character of the local part with up to 3 asterisks
 * between them; a short local part shows its first character plus ***.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0]}***${domain}`;
  const hidden = Math.min(3, local.length - 2);
  return `${local[0]}${'*'.repeat(hidden)}${local[local.length - 1]}${domain}`;
}

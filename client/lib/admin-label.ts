/**
 * Who reviewed or resolved something, as people read it. The server records the admin identity as a label
 * (server/plugins/authorize.ts): the user's e-mail, `developer:{id}`, `admin:{e-mail}` for an admin-key
 * session, or `system` for a flag closed because the rater replaced the text.
 */
export function adminLabel(label: string): string {
  if (label === 'system') return 'the system';
  if (label.startsWith('developer:')) return `developer ${label.slice('developer:'.length)}`;
  if (label.startsWith('admin:')) return `${label.slice('admin:'.length)} (admin key)`;
  return label;
}

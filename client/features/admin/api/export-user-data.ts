import { downloadFile } from '@client/lib/download-file';
import { useMutation } from '@tanstack/react-query';

/** docs/product.md#your-data GET /api/admin/users/:id/export (admin headers): one account's data file, saved. */
export const exportUserData = (userId: string) =>
  downloadFile(`/api/admin/users/${encodeURIComponent(userId)}/export`, {
    admin: true,
    fallbackName: 'pickleball-ratings-data.json',
  });

export function useExportUserData() {
  return useMutation({ mutationFn: exportUserData });
}

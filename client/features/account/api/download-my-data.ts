import { downloadFile } from '@client/lib/download-file';
import { useMutation } from '@tanstack/react-query';

/** docs/product.md#your-data GET /api/auth/user/export: the file of everything about the signed-in person, saved. */
export const downloadMyData = () =>
  downloadFile('/api/auth/user/export', { fallbackName: 'pickleball-ratings-data.json' });

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

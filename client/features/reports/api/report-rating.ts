import { apiRequest } from '@client/lib/api-client';
import type { ReportRatingBody, ReportReply } from '@common/schemas/reports';
import { useMutation } from '@tanstack/react-query';

/** POST /api/ratings/{id}/reports {reason, details?} (a confirmed member other than the rater). */
export function useReportRating() {
  return useMutation({
    mutationFn: ({ ratingId, body }: { ratingId: number; body: ReportRatingBody }) =>
      apiRequest<ReportReply>('POST', `/api/ratings/${ratingId}/reports`, body),
  });
}

import {
  POSTING_RANGE_FILE_NAME,
  type PostingRange,
} from '@salary/shared/pay-transparency/posting-range.contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';

/** What the posting range is asked for: the role, its levels and the day (absent: today). */
export interface PostingRangeChoice {
  jobId: number;
  positionId: number;
  gradeId: number;
  levelIds: number[];
  asOf?: string;
}

const queryOf = (c: PostingRangeChoice) => ({
  jobId: c.jobId,
  positionId: c.positionId,
  gradeId: c.gradeId,
  levelIds: c.levelIds.join(','),
  asOf: c.asOf,
});

/** GET /pay-transparency/posting-range?jobId=&positionId=&gradeId=&levelIds=1,2&asOf= */
export async function getPostingRange(
  choice: PostingRangeChoice,
  signal?: AbortSignal,
): Promise<PostingRange> {
  return (
    await apiClient.get<PostingRange>('/pay-transparency/posting-range', { query: queryOf(choice), signal })
  ).data;
}

export function postingRangeQueryOptions(choice: PostingRangeChoice) {
  return queryOptions({
    queryKey: ['pay-transparency', 'posting-range', queryOf(choice)] as const,
    queryFn: ({ signal }) => getPostingRange(choice, signal),
    staleTime: 0,
  });
}

/** Waits (no request) until the role and at least one level are chosen. */
export function usePostingRange(choice: PostingRangeChoice | null) {
  return useQuery({
    ...postingRangeQueryOptions(choice ?? { jobId: 0, positionId: 0, gradeId: 0, levelIds: [] }),
    enabled: choice !== null,
    // The last range stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /pay-transparency/posting-range.pdf → posting_pay_range.pdf */
export function downloadPostingRange(choice: PostingRangeChoice): Promise<void> {
  return downloadFile('/pay-transparency/posting-range.pdf', POSTING_RANGE_FILE_NAME, queryOf(choice));
}

export function useDownloadPostingRange() {
  return useMutation({ mutationFn: downloadPostingRange });
}

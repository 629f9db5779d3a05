import type {
  ProposalsBody,
  RaiseCycle,
  RaiseCycleBody,
  Worksheet,
  WorksheetPreview,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

/** Every raise cycle call shares this prefix: a write invalidates it and the list and worksheet reload. */
export const raiseCyclesQueryKey = ['raise-cycles'] as const;
/** An applied cycle moves pay: the directory and Pay Overview read it again. */
const PAY_KEYS = [['employees'], ['insights']] as const;

/** GET /raise-cycles: every cycle, newest first. */
export async function getRaiseCycles(signal?: AbortSignal): Promise<RaiseCycle[]> {
  return (await apiClient.get<RaiseCycle[]>('/raise-cycles', { signal })).data;
}

export function useRaiseCycles() {
  return useQuery(
    queryOptions({ queryKey: raiseCyclesQueryKey, queryFn: ({ signal }) => getRaiseCycles(signal) }),
  );
}

const worksheetKey = (id: number) => [...raiseCyclesQueryKey, id, 'worksheet'] as const;

/** GET /raise-cycles/{id}/worksheet: the rows the reader may see, with their totals. */
export async function getWorksheet(id: number, signal?: AbortSignal): Promise<Worksheet> {
  return (await apiClient.get<Worksheet>(`/raise-cycles/${id}/worksheet`, { signal })).data;
}

export function worksheetQueryOptions(id: number) {
  return queryOptions({ queryKey: worksheetKey(id), queryFn: ({ signal }) => getWorksheet(id, signal) });
}

export function useWorksheet(id: number) {
  return useQuery(worksheetQueryOptions(id));
}

/** POST /raise-cycles: a new draft. */
export async function createRaiseCycle(body: RaiseCycleBody): Promise<RaiseCycle> {
  return (await apiClient.post<RaiseCycle>('/raise-cycles', body)).data;
}
export const useCreateRaiseCycle = () => useInvalidatingMutation(createRaiseCycle, [raiseCyclesQueryKey]);

/** PUT /raise-cycles/{id}/proposals: the answer is the worksheet again, its message says over budget. */
export async function saveProposals({ id, body }: { id: number; body: ProposalsBody }) {
  const res = await apiClient.put<Worksheet>(`/raise-cycles/${id}/proposals`, body);
  return { sheet: res.data, message: res.message };
}

/** Saved: the worksheet the answer holds is shown at once (its totals are the server's). */
export function useSaveProposals(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProposals,
    onSuccess: ({ sheet }) => queryClient.setQueryData(worksheetKey(id), sheet),
  });
}

/**
 * POST /raise-cycles/{id}/proposals/preview: the totals and each proposed row's new pay the
 * proposals would make, checked as a save checks them, nothing saved (as you type).
 */
export async function previewProposals(id: number, body: ProposalsBody, signal?: AbortSignal) {
  return (await apiClient.post<WorksheetPreview>(`/raise-cycles/${id}/proposals/preview`, body, { signal }))
    .data;
}

export type CycleStep = 'submit' | 'approve' | 'apply';

/** POST /raise-cycles/{id}/submit | approve | apply. */
export async function stepRaiseCycle({ id, step }: { id: number; step: CycleStep }): Promise<unknown> {
  return (await apiClient.post(`/raise-cycles/${id}/${step}`)).data;
}
export const useStepRaiseCycle = () =>
  useInvalidatingMutation(stepRaiseCycle, [raiseCyclesQueryKey, ...PAY_KEYS]);

/** POST /raise-cycles/{id}/send-back: back to draft with a comment. */
export async function sendBackRaiseCycle({
  id,
  comment,
}: {
  id: number;
  comment: string;
}): Promise<RaiseCycle> {
  return (await apiClient.post<RaiseCycle>(`/raise-cycles/${id}/send-back`, { comment })).data;
}
export const useSendBackRaiseCycle = () => useInvalidatingMutation(sendBackRaiseCycle, [raiseCyclesQueryKey]);

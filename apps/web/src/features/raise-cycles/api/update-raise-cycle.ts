import type { RaiseCycle, RaiseCycleBody } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { raiseCyclesQueryKey } from './raise-cycles.ts';

/** PUT /raise-cycles/{id}: a draft's name, day, eligibility, budget and guideline. */
export async function updateRaiseCycle({
  id,
  body,
}: {
  id: number;
  body: RaiseCycleBody;
}): Promise<RaiseCycle> {
  return (await apiClient.put<RaiseCycle>(`/raise-cycles/${id}`, body)).data;
}

/** The list and the worksheet (whose rows follow the eligibility and guideline) read again. */
export const useUpdateRaiseCycle = () => useInvalidatingMutation(updateRaiseCycle, [raiseCyclesQueryKey]);

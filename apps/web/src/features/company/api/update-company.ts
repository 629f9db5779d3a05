import {
  type Company,
  companySchema,
  type UpdateCompanyInput,
} from '@salary/shared/company/company.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { companyQueryKey } from '../../../lib/company-format.tsx';

/** PUT /company: the whole record plus the `version` it was read at (409 STALE_VERSION if older). */
export async function updateCompany(body: UpdateCompanyInput): Promise<Company> {
  return companySchema.parse((await apiClient.put<unknown>('/company', body)).data);
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    // The answer is the saved record: every screen formats with it from now on.
    onSuccess: (saved) => queryClient.setQueryData(companyQueryKey, saved),
    // A refused save (a stale version above all) reloads what the server has.
    onError: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

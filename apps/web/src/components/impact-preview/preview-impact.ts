import { type Impact, impactSchema, type ProposedWrite } from '@salary/shared/impact/impact.contract';
import { apiClient } from '../../lib/api-client.ts';

/**
 * POST /impact: what `write` would do to everyone's pay, nothing saved. A write the server
 * would refuse rejects with the same ApiError the write itself would (field problems included).
 */
export async function previewImpact(write: ProposedWrite): Promise<Impact> {
  return impactSchema.parse((await apiClient.post<unknown>('/impact', write)).data);
}

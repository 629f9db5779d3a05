import {
  IMPACT_FILE_NAME,
  type Impact,
  impactSchema,
  type ProposedWrite,
} from '@salary/shared/impact/impact.contract';
import { apiClient } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download-file.ts';

/**
 * POST /impact: what `write` would do to everyone's pay, nothing saved. A write the server
 * would refuse rejects with the same ApiError the write itself would (field problems included).
 */
export async function previewImpact(write: ProposedWrite): Promise<Impact> {
  return impactSchema.parse((await apiClient.post<unknown>('/impact', write)).data);
}

/** POST /impact/export: the same preview as impact_preview.xlsx, saved by the browser. */
export async function downloadImpact(write: ProposedWrite): Promise<void> {
  const { blob, fileName } = await apiClient.postBlob('/impact/export', write);
  saveBlob(blob, fileName ?? IMPACT_FILE_NAME);
}

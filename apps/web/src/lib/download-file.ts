import { apiClient, type QueryParams } from './api-client.ts';

/** Saves a blob under the given name through a temporary link (the browser's own download flow). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke on the next task: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file from the API with the session's token (a plain link could not send it) and
 * saves it under the server's Content-Disposition name, else `fallbackFileName`. Rejects with an
 * ApiError like every other call, so callers toast their own 'Failed to …' message.
 */
export async function downloadFile(
  path: string,
  fallbackFileName: string,
  query?: QueryParams,
): Promise<void> {
  const { blob, fileName } = await apiClient.getBlob(path, { query });
  saveBlob(blob, fileName ?? fallbackFileName);
}

/**
 * The file name a server gave an attachment. RFC 6266: `filename*` (RFC 5987, UTF-8 and
 * percent-encoded) wins over the plain `filename`, which may be quoted.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return sanitize(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed escape: fall back to the plain parameter below.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? sanitize(name) : null;
}

/** Never let a server-chosen name carry a directory part. */
function sanitize(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base || null;
}

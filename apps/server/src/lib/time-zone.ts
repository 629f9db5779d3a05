/** The zone this process runs in, as Intl names it; UTC when it cannot tell. */
export const serverTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** `days` before today (UTC), as YYYY-MM-DD: far enough from today for any company time zone. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

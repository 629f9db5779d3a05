import { createContext, use } from 'react';

/**
 * A context that is only read below its provider: the context for the provider to fill, and the
 * hook that reads it, which throws `missing` when rendered outside it.
 */
export function requiredContext<T>(missing: string) {
  const Context = createContext<T | null>(null);
  function useRequired(): T {
    const value = use(Context);
    if (!value) throw new Error(missing);
    return value;
  }
  return [Context, useRequired] as const;
}

import {
  type FetchQueryOptions,
  hashKey,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';

/*
 * The data of the page the app opens on is asked for as soon as the stored session is confirmed,
 * beside the page's code, instead of after the page's first render (a whole round trip later). Screens that reload on every visit use the answer for that
 * first visit rather than asking twice; every later visit reloads as before.
 */
const opening = new Set<string>();

export function prefetchOpeningData<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  opening.add(hashKey(options.queryKey));
  // A failed prefetch leaves no data, so the page asks again when it mounts.
  void client.prefetchQuery(options);
}

/** `refetchOnMount` of a screen that reloads on every visit, except with the opening answer. */
// biome-ignore lint/suspicious/noExplicitAny: any query's data; only its hash is read.
export function reloadOnVisit(query: Query<any, any, any, any>): boolean | 'always' {
  return opening.has(query.queryHash) ? false : 'always';
}

/** The screen's first visit ends when it unmounts (or its key changes): later ones reload. */
export function useOpeningVisit(queryKey: QueryKey): void {
  const hash = hashKey(queryKey);
  useEffect(
    () => () => {
      opening.delete(hash);
    },
    [hash],
  );
}

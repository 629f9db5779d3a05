import { apiClient } from './api-client.ts';
import { effectiveFromQuery } from './dated/effective-day.ts';

/** What an update hook is called with: the id of the row to change and the body the form holds. */
export interface UpdateRequest<Body> {
  id: number;
  body: Body;
  /** A dated rule's day (YYYY-MM-DD), sent as `?effectiveFrom=`; absent: today (no query). */
  effectiveFrom?: string;
}

/** The fetcher of `PUT <path>/:id`: sends the body and answers the saved row. */
export function putById<Body, Row>(path: string) {
  return async ({ id, body, effectiveFrom }: UpdateRequest<Body>): Promise<Row> =>
    (await apiClient.put<Row>(`${path}/${id}`, body, effectiveFromQuery(effectiveFrom))).data;
}

import { apiClient } from './api-client.ts';
import { type DatedWrite, effectiveFromQuery } from './dated/effective-day.ts';

/** What an update hook is called with: the id of the row to change, the body the form holds and its day. */
export interface UpdateRequest<Body> extends DatedWrite<Body> {
  id: number;
}

/** The fetcher of `PUT <path>/:id`: sends the body and answers the saved row. */
export function putById<Body, Row>(path: string) {
  return async ({ id, body, effectiveFrom }: UpdateRequest<Body>): Promise<Row> =>
    (await apiClient.put<Row>(`${path}/${id}`, body, effectiveFromQuery(effectiveFrom))).data;
}

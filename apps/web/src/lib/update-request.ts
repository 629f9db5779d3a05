import { apiClient } from './api-client.ts';

/** What an update hook is called with: the id of the row to change and the body the form holds. */
export interface UpdateRequest<Body> {
  id: number;
  body: Body;
}

/** The fetcher of `PUT <path>/:id`: sends the body and answers the saved row. */
export function putById<Body, Row>(path: string) {
  return async ({ id, body }: UpdateRequest<Body>): Promise<Row> =>
    (await apiClient.put<Row>(`${path}/${id}`, body)).data;
}

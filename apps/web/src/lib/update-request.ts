/** What an update hook is called with: the id of the row to change and the body the form holds. */
export interface UpdateRequest<Body> {
  id: number;
  body: Body;
}

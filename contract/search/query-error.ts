// A mistake in a search address or a row's syntax, with a message a person can read: a 400 from the API,
// a message on the results screen. Its own module so the syntax parser and the query model share it.
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

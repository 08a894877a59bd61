/** A client's mistake: answered with its status and message as JSON { error }. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 503). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

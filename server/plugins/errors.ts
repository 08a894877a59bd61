import type { FastifyInstance, FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { HttpError } from '../errors';
import { QueryError } from '../../contract/search/query';

/** One error handler: client mistakes get 4xx with { error }, everything else a 500 without internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).headers(err.headers).send({ error: err.message });
    if (err instanceof QueryError) return reply.status(400).send({ error: err.message });
    if (err instanceof ZodError) {
      const first = err.issues[0];
      const where = first?.path?.length ? `${first.path.join('.')}: ` : '';
      return reply.status(400).send({ error: `${where}${first?.message ?? 'Invalid input'}` });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.message || 'Bad request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

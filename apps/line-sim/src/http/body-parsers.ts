import type { FastifyInstance } from 'fastify';
import { badRequest } from './line-errors.ts';

/** The SDK posts some calls (set default rich menu, link token...) with a JSON content type and no body. */
export const registerBodyParsers = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  // Rich menu images: read any binary as a Buffer and let the route judge type and size, as LINE
  // answers its own errors instead of a generic 413/415. The limit is generous for that reason.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
};

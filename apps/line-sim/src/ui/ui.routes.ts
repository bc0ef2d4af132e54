import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/line-errors.ts';

const publicDir = new URL('./public/', import.meta.url);

const assets: Record<string, string> = {
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};

/** The page where a person acts as LINE users: plain files, no build step. */
export const registerUiRoutes = (app: FastifyInstance) => {
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(await readFile(new URL('index.html', publicDir))),
  );
  app.get<{ Params: { file: string } }>('/ui/:file', async (request, reply) => {
    const type = assets[request.params.file];
    if (!type) throw notFound();
    return reply
      .type(type)
      .header('cache-control', 'no-cache')
      .send(await readFile(new URL(request.params.file, publicDir)));
  });
};

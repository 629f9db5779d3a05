import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';

/**
 * Every query parameter of the API is a single plain value. `?gradeId[]=1`, `?gradeId[a]=1`
 * or a repeated `?gradeId=1&gradeId=2` would otherwise be dropped as unknown keys (or read
 * as a list), and a filter the caller meant would be silently ignored: refused instead.
 */
export default fp(async function queryShape(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (/[[\]]/.test(key) || typeof value !== 'string') {
        const name = key.replace(/\[.*$/, '') || key;
        throw badRequest(`Query parameter "${name}" must be a single value`, [
          { field: `querystring.${name}`, message: 'Must be a single value' },
        ]);
      }
    }
  });
});

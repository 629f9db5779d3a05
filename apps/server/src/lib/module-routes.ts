import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDoc } from './route-doc.ts';

type Services = FastifyInstance['services'];

/**
 * A module's routes as a Fastify plugin: `register` is given the app, the module's service as
 * the composition root built it (`app.services[name]`) and the route docs of its OpenAPI tag.
 */
export function moduleRoutes<K extends keyof Services>(
  name: K,
  tag: string,
  register: (
    app: Parameters<FastifyPluginAsyncZod>[0],
    service: Services[K],
    doc: ReturnType<typeof routeDoc>,
  ) => void | Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    await register(app, app.services[name], routeDoc(tag));
  };
}

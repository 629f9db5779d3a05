import { envelopeOf } from '@salary/shared/common/envelope';
import type { FastifyContextConfig, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

/*
 * A route's options, from what is its own: the summary OpenAPI shows, what it answers, and
 * what it reads. The tag is its module's (one `routeDoc('audit')` a module, another where one
 * of its routes lives under another tag), and an answer given as a schema is the `data` of
 * the 200 envelope, as nearly every route answers:
 *
 *   app.get('/audit', doc('The audit trail', auditPageSchema, { querystring: auditQuery }), handler)
 *
 * A download names its documented answer itself (download.ts), as does a create (201).
 */

/** What the route reads; Fastify's zod type provider types the handler's request from it. */
interface Reads {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

interface Extras {
  /** Longer than the summary: permissions, refusals, what each field takes. */
  description?: string;
  /** The route's own config: public, writeScope, audit (plugins/). */
  config?: FastifyContextConfig;
  /** Where the answer is written other than by the response schema (calculate, the list). */
  serializerCompiler?: RouteShorthandOptions['serializerCompiler'];
  /** A body larger than the app's JSON limit (a worksheet of 100,000 rows), in bytes. */
  bodyLimit?: number;
}

type Responses = Record<number, unknown>;

type Response<A> = A extends z.ZodType ? { 200: ReturnType<typeof envelopeOf<A>> } : A;

export function routeDoc(tag: string) {
  const tags = [tag];
  return <A extends z.ZodType | Responses, R extends Reads = Reads>(
    summary: string,
    answer: A,
    more?: R & Extras,
  ) => {
    const { description, config, serializerCompiler, bodyLimit, ...reads } = more ?? ({} as R & Extras);
    const response = (answer instanceof z.ZodType ? { 200: envelopeOf(answer) } : answer) as Response<A>;
    return {
      schema: { tags, summary, ...(description && { description }), ...(reads as R), response },
      ...(config && { config }),
      ...(serializerCompiler && { serializerCompiler }),
      ...(bodyLimit !== undefined && { bodyLimit }),
    };
  };
}

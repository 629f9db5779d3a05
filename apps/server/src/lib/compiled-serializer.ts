import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A response serializer compiled once from the route's zod response schema (as JSON Schema,
 * the same one the OpenAPI document shows) by fast-json-stringify, Fastify's own default.
 * Like the zod serializer it writes only the declared keys (anything else is dropped) and
 * throws on a missing required one; it does not re-run zod on every answer, which is most
 * of what a small, hot route such as POST /calculate spends. For answers built by our own
 * code only: it coerces rather than rejects a wrongly typed value.
 */
export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output' }) as object);
}

import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@salary/shared/common/envelope';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/*
 * The OpenAPI document at /api/docs/json, written so that a client can be generated from it:
 * every operation has an operationId, a description, a tag that the document lists, and its
 * error answers (the error envelope) beside its success. Routes say only their summary, answer
 * and inputs (route-doc.ts); what is the same for every route is added here, once.
 * The web app's files (/assets/…, the SPA fallback) carry no tag and stay out of the document.
 */

/** Each tag a route uses (routeDoc('…') or a rule's noun), with what its operations are about. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Whether the server and its database are up.',
  auth: 'Signing in and out, sessions, single sign-on and the users who may sign in.',
  users: 'User accounts and their permissions (administrators).',
  employees: 'The employee directory, each employee priced live, and its Excel import and export.',
  jobs: 'Jobs (shown as Technology in the directory).',
  positions: 'Positions within a job (shown as Specialization in the directory).',
  grades: 'Grades, in their order.',
  levels: 'Levels within a grade.',
  'base-salaries': 'The base salary of each grade and level.',
  'adjustment-factors': 'The adjustment factor of each job and position.',
  settings: 'Company-wide settings: multipliers, benefits and social insurance.',
  company: 'The company: name, currency, number and date format, time zone.',
  calculator: 'Calculating a salary for a profile, stored nowhere.',
  impact: 'What a rule change would do to everyone’s pay, before it is saved.',
  insights: 'Pay Overview: payroll figures and charts.',
  audit: 'The audit trail, pay history and the revert of an import.',
  'pay-transparency': 'The gender pay gap report and each worker’s pay statement.',
  'job-evaluation': 'Scores of each job and position on four criteria, and the bands they make.',
  'raise-cycles':
    'Raise cycles: eligibility, budget and guideline, the worksheet of proposals, approval and the dated application.',
};

const ERROR_ANSWERS = {
  400: 'The request is malformed or a field is invalid; `data.fields` names each field.',
  401: 'No valid session: sign in (POST /api/auth/login) and send its token as a bearer token.',
  403: 'The signed-in user lacks the permission this call needs.',
  404: 'No record has this id.',
  500: 'The server failed; the message says only that. A write that failed saved nothing.',
} as const;

function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: errorEnvelopeSchema } } };
}

/** `GET /api/employees/{id}/pay-statement.pdf` → `getEmployeesByIdPayStatementPdf`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { method: string | string[]; config?: { public?: boolean } };
};

const transform = (input: TransformInput) => {
  const { schema, url, route } = input;
  if (!schema || (schema as { hide?: boolean }).hide || !(schema as { tags?: string[] }).tags)
    return jsonSchemaTransform(input);
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const isPublic = route.config?.public === true;
  const own = schema as { summary?: string; description?: string; response?: Record<string, unknown> };
  const errors: Record<number, ReturnType<typeof errorAnswer>> = { 400: errorAnswer(ERROR_ANSWERS[400]) };
  if (!isPublic) {
    errors[401] = errorAnswer(ERROR_ANSWERS[401]);
    errors[403] = errorAnswer(ERROR_ANSWERS[403]);
  }
  if (/[:{]\w+/.test(url)) errors[404] = errorAnswer(ERROR_ANSWERS[404]);
  errors[500] = errorAnswer(ERROR_ANSWERS[500]);
  const access = isPublic
    ? 'Answers without signing in.'
    : 'Needs a signed-in user: the token of POST /api/auth/login as a bearer token.';
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      description: own.description ?? `${own.summary ?? ''}. ${access}`.replace(/^\. /, ''),
      ...(isPublic && { security: [] }),
      response: { ...errors, ...own.response },
    },
  });
};

const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
  };
  // The zod registry writes each named schema twice, as read and as written; keep those used
  // (by an operation, or by a schema that is kept).
  const all = object.components?.schemas ?? {};
  const schemas: Record<string, unknown> = {};
  let text = JSON.stringify({ ...object, components: { ...object.components, schemas: {} } });
  for (let added = true; added; ) {
    added = false;
    for (const [name, schema] of Object.entries(all)) {
      if (name in schemas || !text.includes(`"#/components/schemas/${name}"`)) continue;
      schemas[name] = schema;
      text += JSON.stringify(schema);
      added = true;
    }
  }
  return {
    ...object,
    components: { ...object.components, schemas },
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
  };
};

/** @fastify/swagger's options: the document's head, and the two transforms above. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Salary System API',
      version: '1.0.0',
      description:
        'The API the Salary System web app is built on. Every answer is an envelope ' +
        '`{ success, message, error, data }`; an error answer has `success: false`, a stable ' +
        '`error` code and a message to show. Money is a decimal number in the company currency.',
      contact: { name: 'The administrators of this Salary System' },
      license: { name: 'Proprietary: for use within the company', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
  },
  hideUntagged: true,
  transform: transform as FastifyDynamicSwaggerOptions['transform'],
  transformObject: transformObject as FastifyDynamicSwaggerOptions['transformObject'],
};

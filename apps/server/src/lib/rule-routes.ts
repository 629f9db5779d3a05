import type { Actor } from '@salary/shared/common/permissions';
import type { RuleCalls } from '@salary/shared/common/rule-calls';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from './reply.ts';
import { routeDoc } from './route-doc.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import { type App, registerWriteRoutes } from './write-routes.ts';

/*
 * The four calls every rule list answers: its list, then the three writes (write-routes.ts),
 * declared from the list's calls in the shared contract (path, noun, schemas) and handed
 * straight to its service. A domain says only what is its own: its summaries, and where its
 * list reads a query. The service is `app.services[key]`; the OpenAPI tag is the key in
 * kebab case ('baseSalaries' → 'base-salaries').
 */

interface RuleService<Item, Create, Update> {
  /** `query` is the list's querystring, where it declares one (positions by job). */
  list(actor: Actor, query: unknown): Promise<Item[]>;
  create(uow: UnitOfWork, actor: Actor, input: Create): Promise<Item>;
  update(uow: UnitOfWork, actor: Actor, id: number, input: Update): Promise<Item>;
  remove?(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void>;
}

type RuleKey = 'jobs' | 'positions' | 'grades' | 'levels' | 'baseSalaries' | 'adjustmentFactors';

export interface RuleSummaries {
  /** The list's summary, with its querystring where it reads one. */
  list: string | { summary: string; querystring: z.ZodType };
  /** Left out: "Create a <noun> (manageSettings)", and so on. */
  create?: string;
  update?: string;
  /** Registered only where the service deletes. */
  remove?: string;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun.toLowerCase()}`;

export function ruleRoutes<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  key: RuleKey,
  calls: RuleCalls<Item, Create, Update>,
  summaries: RuleSummaries,
  /** The domain's own calls beside the four (grades' reorder, base salaries' bulk save). */
  ownRoutes?: (app: App) => void,
): FastifyPluginAsyncZod {
  const tag = kebab(key);
  const noun = withArticle(calls.noun);
  const list = typeof summaries.list === 'string' ? { summary: summaries.list } : summaries.list;
  return async (app) => {
    const service = app.services[key] as RuleService<z.output<Item>, z.output<Create>, z.output<Update>>;
    registerList(app, calls.path, tag, calls.item, {
      ...list,
      run: (request) => service.list(request.actor, request.query),
    });
    const { remove } = service;
    registerWriteRoutes(app, {
      ...calls,
      tag,
      create: {
        summary: summaries.create ?? `Create ${noun} (manageSettings)`,
        body: calls.create,
        run: service.create,
      },
      update: {
        summary: summaries.update ?? `Update ${noun} (manageSettings)`,
        body: calls.update,
        run: service.update,
      },
      remove: remove && { summary: summaries.remove ?? `Delete ${noun} (manageSettings)`, run: remove },
    });
    ownRoutes?.(app);
  };
}

function registerList(
  app: App,
  path: string,
  tag: string,
  item: z.ZodType,
  list: { summary: string; querystring?: z.ZodType; run(request: FastifyRequest): Promise<unknown[]> },
): void {
  app.get(
    path,
    routeDoc(tag)(list.summary, z.array(item), list.querystring ? { querystring: list.querystring } : {}),
    async (request) => ok(await list.run(request)),
  );
}

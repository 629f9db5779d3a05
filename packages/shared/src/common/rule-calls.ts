import type { z } from 'zod';

/**
 * The calls of one rule list (jobs, positions, grades, levels, base salaries, factors): where
 * they live, the noun their messages start with ("Job created successfully"), and the schemas
 * of a row and of the create and update bodies. The server's rule routes are declared from it.
 */
export interface RuleCalls<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  /** '/jobs': listed and created there, updated and deleted at '/jobs/:id'. */
  path: string;
  noun: string;
  item: Item;
  create: Create;
  update: Update;
}

/** `bodies`: one schema where an update sends what a create does, as most rule lists do. */
export function ruleCalls<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType = Create,
>(
  path: string,
  noun: string,
  item: Item,
  bodies: Create | { create: Create; update: Update },
): RuleCalls<Item, Create, Update> {
  if ('create' in bodies) return { path, noun, item, ...bodies };
  return { path, noun, item, create: bodies, update: bodies as unknown as Update };
}

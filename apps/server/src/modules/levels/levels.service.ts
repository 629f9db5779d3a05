import type { Actor } from '@salary/shared/common/permissions';
import type { createLevelBody, Level } from '@salary/shared/levels/levels.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createLevelsRepository } from './levels.repository.ts';

type LevelInput = z.output<typeof createLevelBody>;

const LEVEL_NOT_FOUND = 'Level not found';
const duplicate = (name: string) => conflict(`A level named "${name}" already exists`);

export function createLevelsService(deps: { db: Db }) {
  const levels = createLevelsRepository(deps.db);

  /** The unique index decides races; the lookup before only words the common case kindly. */
  async function saveName<T>(name: string, exceptId: number | undefined, run: () => Promise<T>): Promise<T> {
    const existing = await levels.findByName(name, exceptId);
    if (existing) throw duplicate(existing.name);
    try {
      return await run();
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(name);
      throw error;
    }
  }

  return {
    list: (): Promise<Level[]> => levels.list(),

    async create(actor: Actor, input: LevelInput): Promise<Level> {
      requirePermission(actor, 'manageSettings');
      return saveName(input.name, undefined, () => levels.insert(input.name));
    },

    async update(actor: Actor, id: number, input: LevelInput): Promise<Level> {
      requirePermission(actor, 'manageSettings');
      if (!(await levels.findById(id))) throw notFound(LEVEL_NOT_FOUND);
      const row = await saveName(input.name, id, () => levels.rename(id, input.name));
      if (!row) throw notFound(LEVEL_NOT_FOUND);
      return row;
    },
  };
}

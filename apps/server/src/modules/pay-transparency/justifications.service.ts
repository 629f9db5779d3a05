import type { Actor } from '@salary/shared/common/permissions';
import type { CategoryKind } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { requireAdmin } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { JustificationRecord, PayTransparencyRepository } from './pay-transparency.repository.ts';

/*
 * Justifications of flagged pay-gap categories: an admin's text, with who wrote it and when.
 * Every save goes through `save`, which records it in the audit trail in the same unit of work
 * (the earlier text as `before`), so the trail keeps every justification ever given.
 */

export interface JustificationInput {
  categoryKind: CategoryKind;
  categoryKey: string;
  text: string;
}

export function createJustifications(deps: {
  repo: RepositoryOn<PayTransparencyRepository>;
  audit: Pick<AuditService, 'record'>;
}) {
  return {
    /** Admins only; replaces the category's earlier justification. */
    async save(
      uow: UnitOfWork,
      actor: Actor & { email: string },
      input: JustificationInput,
    ): Promise<JustificationRecord> {
      requireAdmin(actor, 'Only administrators can justify a pay gap');
      const repo = deps.repo(uow.tx);
      const earlier = (await repo.justifications(input.categoryKind)).get(input.categoryKey);
      const saved = await repo.upsertJustification({
        ...input,
        authorId: actor.id,
        authorEmail: actor.email,
      });
      await deps.audit.record(uow, {
        action: earlier ? 'update' : 'create',
        entityType: 'payGapJustification',
        entityId: `${input.categoryKind}/${input.categoryKey}`,
        label: `Pay gap justification ${input.categoryKind} ${input.categoryKey}`,
        changes: [{ field: 'text', before: earlier?.text ?? null, after: input.text }],
      });
      return saved;
    },
  };
}

export type Justifications = ReturnType<typeof createJustifications>;

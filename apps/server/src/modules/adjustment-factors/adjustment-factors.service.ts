import type {
  AdjustmentFactor,
  createAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import {
  type DatedRuleWrites,
  type PairRuleService,
  pairRuleService,
  type RowFinder,
} from '../../lib/pair-rule.service.ts';
import type { RepositoryOn } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdjustmentFactorsRepository } from './adjustment-factors.repository.ts';

type FactorInput = z.output<typeof createAdjustmentFactorBody>;

export type AdjustmentFactorsService = PairRuleService<AdjustmentFactor, FactorInput>;

const NOT_ITS_JOB = 'Position does not belong to the selected job';
const notItsJob = () => badRequest(NOT_ITS_JOB, [{ field: 'positionId', message: NOT_ITS_JOB }]);

/** One factor per job and position; the position must be one of the job's. */
export function createAdjustmentFactorsService(deps: {
  factors: RepositoryOn<AdjustmentFactorsRepository>;
  jobs: RowFinder<{ id: number; name: string }>;
  positions: RowFinder<{ id: number; name: string; jobId: number }>;
  /** Dated rules (modules/rule-calendar); absent: every write is from today, undated. */
  calendar?: DatedRuleWrites;
  audit: Pick<AuditService, 'record' | 'payBefore' | 'staleVersion'>;
}): AdjustmentFactorsService {
  const { jobs, positions } = deps;
  return pairRuleService(deps.factors, {
    calendar: deps.calendar,
    notFoundMessage: 'Adjustment factor not found',
    references: [
      { field: 'jobId', missing: 'Job not found', find: (id, handle) => jobs(handle).findById(id) },
      {
        field: 'positionId',
        missing: 'Position not found',
        find: (id, handle) => positions(handle).findById(id),
      },
    ],
    check(job, position) {
      if (position.jobId !== job.id) throw notItsJob();
    },
    duplicate: (job, position) => `An adjustment factor for ${job.name} / ${position.name} already exists`,
    // The position was moved or deleted since the checks.
    foreignKey: notItsJob,
    audit: deps.audit,
    entityType: 'adjustmentFactor',
    label: (rule) => `Adjustment factor ${rule.job.name} / ${rule.position.name}`,
    priced: (rule) => ({ jobId: rule.jobId, positionId: rule.positionId }),
    fields: ['jobId', 'positionId', 'type', 'factor'],
    labels: { jobId: 'Job', positionId: 'Position', type: 'Adjustment Type', factor: 'Adjustment Factor' },
  });
}

import type { Actor } from '@salary/shared/common/permissions';
import {
  type BandRule,
  bandKey,
  bandName,
  bandOf,
  CRITERIA,
  CRITERION_LABELS,
  type EvaluatedPosition,
  type Evaluation,
  type EvaluationSettingsInput,
  type Score,
  type ScoreInput,
  type Scores,
  WEIGHT_SCALE,
  weightedScore,
  weightUnits,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { requireVersion } from '../../lib/versions.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { EvaluationBands } from '../pay-transparency/evaluation-category.calc.ts';
import type {
  EvaluationSettingsRow,
  JobEvaluationRepository,
  ScoreRow,
  StoredSettings,
  Subject,
} from './job-evaluation.repository.ts';

/*
 * Job evaluation: scores per job or position, the weights and the band width. Every signed-in
 * user reads them (they say nothing about pay, like the job names they sit beside); admins and
 * manageSettings write them, each write audited, with the optimistic `version` of the rules.
 */

const SETTINGS_ENTITY = 'jobEvaluationSettings';
const ENTITY: Record<Subject['kind'], string> = { job: 'jobScore', position: 'positionScore' };
/** The audit's field names as the Settings screen labels them (stale 409s). */
const FIELD_LABELS: Record<string, string> = {
  ...CRITERION_LABELS,
  skillsWeight: 'Skills weight',
  effortWeight: 'Effort weight',
  responsibilityWeight: 'Responsibility weight',
  workingConditionsWeight: 'Working conditions weight',
  bandWidth: 'Band width',
};

const scoresOf = (row: ScoreRow): Scores => ({
  skills: row.skills,
  effort: row.effort,
  responsibility: row.responsibility,
  workingConditions: row.workingConditions,
});
const scoreOf = (row: ScoreRow): Score => ({ ...scoresOf(row), version: row.version });

/** The stored settings (or the defaults before the first save) as the rule the bands follow. */
export function ruleOf(row: StoredSettings | undefined): BandRule {
  return {
    weights: {
      skills: (row?.skillsWeight ?? WEIGHT_SCALE) / WEIGHT_SCALE,
      effort: (row?.effortWeight ?? WEIGHT_SCALE) / WEIGHT_SCALE,
      responsibility: (row?.responsibilityWeight ?? WEIGHT_SCALE) / WEIGHT_SCALE,
      workingConditions: (row?.workingConditionsWeight ?? WEIGHT_SCALE) / WEIGHT_SCALE,
    },
    bandWidth: (row?.bandWidthTenths ?? 10) / 10,
  };
}

/** The settings as the audit compares them: weights and band width as typed. */
const settingsFields = (rule: BandRule) => ({
  skillsWeight: rule.weights.skills,
  effortWeight: rule.weights.effort,
  responsibilityWeight: rule.weights.responsibility,
  workingConditionsWeight: rule.weights.workingConditions,
  bandWidth: rule.bandWidth,
});

const evaluate = (scores: Scores | undefined, rule: BandRule) => {
  if (!scores) return { weighted: null, band: null };
  const n = bandOf(scores, rule);
  return { weighted: weightedScore(scores, rule), band: { key: bandKey(n), name: bandName(n, rule) } };
};

export function createJobEvaluationService(deps: {
  repo: RepositoryOn<JobEvaluationRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}) {
  const NOUN: Record<Subject['kind'], string> = { job: 'Job', position: 'Position' };

  async function label(uow: UnitOfWork, subject: Subject): Promise<string> {
    const name = await deps.repo(uow.tx).subjectName(subject);
    if (name === undefined) throw notFound(`${NOUN[subject.kind]} not found`);
    return `Job evaluation of ${name}`;
  }

  async function readSettings(uow: UnitOfWork) {
    const row = await deps.repo(uow.tx).settings();
    return { row, rule: ruleOf(row) };
  }

  const settingsView = (row: EvaluationSettingsRow | undefined) => {
    const rule = ruleOf(row);
    return {
      weights: rule.weights,
      bandWidth: rule.bandWidth,
      version: row?.version ?? 1,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  };

  return {
    /** Every job with its positions, each with its score, weighted score and band. */
    async get(_actor: Actor): Promise<Evaluation> {
      const repo = deps.repo();
      const [subjects, scores, settings] = await Promise.all([
        repo.subjects(),
        repo.scores(),
        repo.settings(),
      ]);
      const rule = ruleOf(settings);
      const byJob = new Map<number, ScoreRow>();
      const byPosition = new Map<number, ScoreRow>();
      for (const s of scores) {
        if (s.jobId !== null) byJob.set(s.jobId, s);
        if (s.positionId !== null) byPosition.set(s.positionId, s);
      }
      const positionsOf = new Map<number, EvaluatedPosition[]>();
      for (const p of subjects.positions) {
        const own = byPosition.get(p.id);
        const job = byJob.get(p.jobId);
        const counts = own ?? job;
        const list = positionsOf.get(p.jobId) ?? [];
        list.push({
          id: p.id,
          name: p.name,
          score: own ? scoreOf(own) : null,
          ...evaluate(counts && scoresOf(counts), rule),
          from: own ? 'position' : job ? 'job' : null,
        });
        positionsOf.set(p.jobId, list);
      }
      return {
        settings: settingsView(settings),
        jobs: subjects.jobs.map((j) => {
          const own = byJob.get(j.id);
          return {
            id: j.id,
            name: j.name,
            score: own ? scoreOf(own) : null,
            ...evaluate(own && scoresOf(own), rule),
            positions: positionsOf.get(j.id) ?? [],
          };
        }),
      };
    },

    /** What the pay report's `evaluation` categories are made from. */
    async bands(): Promise<EvaluationBands> {
      const repo = deps.repo();
      const [scores, settings] = await Promise.all([repo.scores(), repo.settings()]);
      const jobScores = new Map<number, Scores>();
      const positionScores = new Map<number, Scores>();
      for (const s of scores) {
        if (s.jobId !== null) jobScores.set(s.jobId, scoresOf(s));
        if (s.positionId !== null) positionScores.set(s.positionId, scoresOf(s));
      }
      return { rule: ruleOf(settings), jobScores, positionScores };
    },

    /** Creates or replaces the subject's score (404 when the job or position is gone). */
    async saveScore(uow: UnitOfWork, actor: Actor, subject: Subject, input: ScoreInput): Promise<Score> {
      requirePermission(actor, 'manageSettings');
      const what = await label(uow, subject);
      const repo = deps.repo(uow.tx);
      const current = await repo.scoreOf(subject);
      const record = {
        entityType: ENTITY[subject.kind],
        entityId: subject.id,
        label: what,
        labels: FIELD_LABELS,
      };
      await requireVersion(uow, deps.audit, record, input.version, current?.version ?? 0);
      const { version: _v, ...scores } = input;
      const saved = current
        ? await repo.updateScore(subject, scores)
        : await repo.insertScore(subject, scores);
      await deps.audit.record(uow, {
        action: current ? 'update' : 'create',
        entityType: ENTITY[subject.kind],
        entityId: subject.id,
        label: what,
        changes: diffFields(current ? scoresOf(current) : null, scoresOf(saved), CRITERIA),
      });
      return scoreOf(saved);
    },

    /** Removes the subject's score (404 when it has none): a position then counts its job's. */
    async removeScore(uow: UnitOfWork, actor: Actor, subject: Subject, version?: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      const what = await label(uow, subject);
      const repo = deps.repo(uow.tx);
      const current = await repo.scoreOf(subject);
      if (!current) throw notFound(`${what} not found`);
      const record = {
        entityType: ENTITY[subject.kind],
        entityId: subject.id,
        label: what,
        labels: FIELD_LABELS,
      };
      await requireVersion(uow, deps.audit, record, version, current.version);
      await repo.deleteScore(subject);
      await deps.audit.record(uow, {
        action: 'delete',
        entityType: ENTITY[subject.kind],
        entityId: subject.id,
        label: what,
        changes: diffFields(scoresOf(current), null, CRITERIA),
      });
    },

    async saveSettings(uow: UnitOfWork, actor: Actor, input: EvaluationSettingsInput) {
      requirePermission(actor, 'manageSettings');
      const before = await readSettings(uow);
      const record = {
        entityType: SETTINGS_ENTITY,
        entityId: 1,
        // The 409 reads "The job evaluation weighting was changed since you opened it: …".
        label: 'The job evaluation weighting',
        labels: FIELD_LABELS,
      };
      await requireVersion(uow, deps.audit, record, input.version, before.row?.version ?? 1);
      const values: StoredSettings = {
        skillsWeight: weightUnits(input.weights.skills),
        effortWeight: weightUnits(input.weights.effort),
        responsibilityWeight: weightUnits(input.weights.responsibility),
        workingConditionsWeight: weightUnits(input.weights.workingConditions),
        bandWidthTenths: Math.round(input.bandWidth * 10),
      };
      const saved = await deps.repo(uow.tx).saveSettings(values);
      await deps.audit.record(uow, {
        action: 'update',
        entityType: SETTINGS_ENTITY,
        entityId: 1,
        label: 'Job evaluation settings',
        changes: diffFields(settingsFields(before.rule), settingsFields(ruleOf(saved))),
      });
      return settingsView(saved);
    },
  };
}

export type JobEvaluationService = ReturnType<typeof createJobEvaluationService>;

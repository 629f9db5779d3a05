import type { DbFactories } from './factories.ts';
import { newBenefit, newCustomMultiplier } from './factories.ts';

/*
 * The hand-built companies a service test (medium tier) and its route's twin (HTTP tier) both
 * stand on: each builder takes either context's factories, so the two tiers test one company.
 */

/**
 * "Why this salary?": Ada (every kind of line), an employee with a fixed adjustment, and one
 * whose grade and level have no base salary.
 */
export async function breakdownCompany(t: DbFactories) {
  const job = await t.newJob('Engineering');
  const position = await t.newPosition(job.id, 'Backend');
  const other = await t.newPosition(job.id, 'Frontend');
  const grade = await t.newGrade('Senior');
  const level = await t.newLevel('Level 2');
  const bare = await t.newLevel('Level 9');
  await t.newBaseSalary(grade.id, level.id, 6500);
  await t.newFactor(job.id, position.id, 'PERCENTAGE', 0.1);
  await t.newFactor(job.id, other.id, 'FIXED', -300);
  await t.setSettings({
    experienceMultiplier: 1.5,
    loyaltyMultiplier: 40,
    loyaltyMultiplierType: 'FIXED',
    remoteMultiplier: 3,
    benefits: [newBenefit({ amount: 120 }), newBenefit({ name: 'Meal', amount: 2.5, type: 'PERCENTAGE' })],
    customMultipliers: [newCustomMultiplier()],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 14,
    companyInsurancePercentage: 60,
  });
  const common = { jobId: job.id, gradeId: grade.id, levelId: level.id };
  const ada = {
    name: 'Ada Lovelace',
    positionId: position.id,
    yearsExperience: 6,
    yearsWithCompany: 2.5,
    remote: true,
    customMultiplierIds: ['cm_oncall'],
  };
  return {
    job: job.id,
    position: position.id,
    grade: grade.id,
    level: level.id,
    employee: await t.newEmployee({ ...common, ...ada }),
    fixed: await t.newEmployee({ ...common, positionId: other.id, yearsExperience: 1 }),
    unpriced: await t.newEmployee({ ...common, positionId: position.id, levelId: bare.id }),
  };
}

/**
 * The Pay Overview's company: two jobs, grades created out of order, one grade × level without
 * a base salary, and thirty employees spread over them.
 */
export async function overviewCompany(t: DbFactories) {
  const jobs = [await t.newJob('Engineering'), await t.newJob('Design')];
  const positions = [await t.newPosition(jobs[0]!.id, 'Backend'), await t.newPosition(jobs[1]!.id, 'UX')];
  // Created out of order: the heat map follows the grades' order, not their ids.
  const senior = await t.newGrade('Senior', 2);
  const junior = await t.newGrade('Junior', 1);
  const levels = [await t.newLevel('L1'), await t.newLevel('L2')];
  await t.newBaseSalary(junior.id, levels[0]!.id, 3000);
  await t.newBaseSalary(junior.id, levels[1]!.id, 3500.55);
  await t.newBaseSalary(senior.id, levels[0]!.id, 6000);
  // senior × L2 has no base salary: those employees are counted but not priced.
  await t.newFactor(jobs[0]!.id, positions[0]!.id, 'PERCENTAGE', 0.1);
  await t.setSettings({
    experienceMultiplier: 1.5,
    loyaltyMultiplier: 25,
    loyaltyMultiplierType: 'FIXED',
    benefits: [newBenefit({ amount: 120 }), newBenefit({ name: 'Meal', amount: 2.5, type: 'PERCENTAGE' })],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 14,
    companyInsurancePercentage: 60,
  });
  const grades = [junior, senior];
  const names = ['Ana Müller', 'Bo Chen', 'Chloé Durand', 'Dmitri Ivanov', 'Eve Adams', 'Frank Østergaard'];
  for (let i = 0; i < 30; i++) {
    const j = i % 2;
    await t.newEmployee({
      name: `${names[i % names.length]} ${i}`,
      jobId: jobs[j]!.id,
      positionId: positions[j]!.id,
      gradeId: grades[i % 3 === 0 ? 1 : 0]!.id,
      levelId: levels[i % 4 === 3 ? 1 : 0]!.id,
      yearsExperience: i % 7,
      yearsWithCompany: (i * 3) % 5,
      remote: i % 5 === 0,
    });
  }
  return { job: jobs[0]!.id, grade: senior.id, level: levels[0]!.id };
}

/**
 * The calculator's stored rules: a company at 5,000 with +10% for its position, and settings
 * that give every line of a calculation a figure.
 */
export async function calculatorCompany(t: DbFactories) {
  const company = await t.newCompany(5000);
  await t.newFactor(company.job.id, company.position.id, 'PERCENTAGE', 0.1);
  await t.setSettings({
    experienceMultiplier: 2,
    experienceMultiplierType: 'PERCENTAGE',
    loyaltyMultiplier: 50,
    loyaltyMultiplierType: 'FIXED',
    remoteMultiplier: 5,
    remoteMultiplierType: 'PERCENTAGE',
    offshoreMultiplier: 10,
    offshoreMultiplierType: 'PERCENTAGE',
    benefits: [
      { name: 'Health', amount: 200, type: 'FIXED_AMOUNT' },
      { name: 'Meal', amount: 5, type: 'PERCENTAGE' },
    ],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    companyInsurancePercentage: 75,
    totalInsurancePercentage: 14,
  });
  return company;
}

/** The employee's side of the calculator's profile: what the engine takes as its second argument. */
export const CALCULATOR_PERSON = {
  yearsExperience: 3,
  yearsWithCompany: 2,
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: true,
};

/** POST /api/calculate's body for `company`: its profile, two what-if multipliers (one unchecked). */
export function calculatorProfile(company: Awaited<ReturnType<typeof calculatorCompany>>) {
  return {
    jobId: company.job.id,
    positionId: company.position.id,
    gradeId: company.grade.id,
    levelId: company.level.id,
    ...CALCULATOR_PERSON,
    customMultipliers: JSON.stringify([
      { title: 'Night shifts', type: 'FIXED', value: 100, checked: true },
      { title: 'Unchecked', type: 'FIXED', value: 9999, checked: false },
    ]),
    settings: { applySocialInsurance: true },
  };
}

/** How one tier writes: the services called directly, or the routes through the app. */
export interface CauseWriter {
  /** Adds an employee from the Add Employee form's body; answers its id. */
  createEmployee(form: Record<string, unknown>): Promise<number>;
  /** PUT /api/base-salary/{id}'s body. */
  setBaseSalary(id: number, body: { gradeId: number; levelId: number; amount: number }): Promise<void>;
  /** The settings as read with `changes`; answers the saved settings. */
  putSettings(changes: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Saves the Edit Employee form's body. */
  updateEmployee(id: number, form: Record<string, unknown>): Promise<void>;
}

/**
 * One change of each cause kind to one employee: a base salary, a settings multiplier, a
 * benefit, social insurance, a custom multiplier, and employee field edits (level, on project,
 * custom multipliers). Answers the employee and the names its texts should use.
 */
export async function changeOfEachKind(t: DbFactories, write: CauseWriter) {
  const c = await t.newCompany(2500.17);
  const otherLevel = await t.newLevel();
  await t.newBaseSalary(c.grade.id, otherLevel.id, 2600);
  const levelNames: [string, string] = [c.level.name, otherLevel.name];
  const employeeName = `Words Person ${Date.now()}`;
  const form = {
    name: employeeName,
    technologyId: c.job.id,
    specializationId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
    yearsExperience: 3,
    yearsWithCompany: 1,
    offshoreProject: false,
  };
  const employeeId = await write.createEmployee(form);
  await write.setBaseSalary(c.baseSalary.id, { gradeId: c.grade.id, levelId: c.level.id, amount: 3333.33 });
  await write.putSettings({ experienceMultiplier: 7.77, experienceMultiplierType: 'PERCENTAGE' });
  await write.putSettings({ benefits: [{ name: 'Lunch', amount: 123.45, type: 'FIXED_AMOUNT' }] });
  await write.putSettings({
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 11.11,
    companyInsurancePercentage: 6.66,
  });
  const saved = await write.putSettings({
    customMultipliers: [{ id: 'tmp-1', title: 'On-call', multiplier: 456.78, type: 'FIXED' }],
  });
  const cm = (saved.customMultipliers as Array<{ id: string }>)[0]!.id;
  await write.updateEmployee(employeeId, {
    ...form,
    levelId: otherLevel.id,
    offshoreProject: true,
    customMultipliers: JSON.stringify([cm]),
  });
  return { employeeId, employeeName, levelNames };
}

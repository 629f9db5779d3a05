/*
 * The employee's fields, declared once and in their column order, each built by its kind's
 * constructor (fields/<kind>.ts), which adds the kind's rules: the API's and the form's
 * (`body`, from which employee.contract.ts builds its schemas), the answers' shape (`view`)
 * and the Excel cell both ways (`toCell`, `fromCell`). The list drives the server's list
 * query, inserts and updates (`column`, `kind`), the read shape, the Excel export, template
 * and import (`label` is the form's label and the sheet's header; `excel`), the directory's
 * columns (`list`), the web form (`wire`, `formDefault`, the kind's input) and the
 * benchmark's baseline query. Adding a field: a migration, the table (db/schema.ts), one
 * entry here, and its key in the records the server builds (the type checker lists them).
 */

import { choiceField } from './fields/choice.ts';
import { dateField } from './fields/date.ts';
import type { CellReading, ExportCell, FieldBase, SheetCell } from './fields/field-spec.ts';
import { flagField } from './fields/flag.ts';
import { hoursField } from './fields/hours.ts';
import { referenceField } from './fields/reference.ts';
import { textField } from './fields/text.ts';
import { yearsField } from './fields/years.ts';

/**
 * text: a string column; reference: the id of a job/position/grade/level (named in lists
 * and sheets); years: numeric(5,2), at most two decimals; flag: a boolean (Yes/No in sheets);
 * choice: one of a few values (gender); date: a calendar day, 'YYYY-MM-DD'; hours: contracted
 * hours a week, numeric(5,2), optional (a new employee takes the company's standard).
 */
export type EmployeeFieldKind = 'text' | 'reference' | 'years' | 'hours' | 'flag' | 'choice' | 'date';

/** The employee's gender (Directive (EU) 2023/970's reporting needs FEMALE and MALE). */
export const GENDERS = ['FEMALE', 'MALE', 'OTHER', 'UNDISCLOSED'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  FEMALE: 'Female',
  MALE: 'Male',
  OTHER: 'Other',
  UNDISCLOSED: 'Undisclosed',
};

const YES_NO_HELP = 'Yes or No (Y/N, True/False and 1/0 work too). Blank means No.';
const NAMES = 'Names match ignoring upper/lower case and spaces around them.';
const DATE_HELP = 'A date cell, or a date written YYYY-MM-DD (e.g. 2024-03-15). Blank means none.';
/** Both years fields: required, blank on a new form, and as wide in the sheets. */
const YEARS = { formDefault: '', required: true } as const;
const YEARS_COLUMN = { width: 12, templateWidth: 20 } as const;

/**
 * Grade and level: an id of a list of names of their own, required, shown and sorted in the
 * directory under the field's label, narrow in the sheets.
 */
const rankField = <const K extends 'grade' | 'level', const L extends string>(
  key: K,
  label: L,
  listWidth: number,
  example: string,
) =>
  referenceField({
    key,
    input: `${key}Id` as `${K}Id`,
    wire: `${key}Id` as `${K}Id`,
    label,
    column: `${key}_id` as `${K}_id`,
    reference: { table: `${key}s` as `${K}s`, view: key, nameKey: `${key}Name` as `${K}Name` },
    formDefault: null,
    required: true,
    list: { header: label, width: listWidth, sortKey: key },
    excel: {
      width: 10,
      templateWidth: 12,
      example,
      help: `The name of an existing ${key}. ${NAMES}`,
    },
  });

/**
 * A flag named by one word everywhere (its key, the API, the column; its label the word
 * capitalised): unticked on a new form, narrow in the sheets.
 */
const oneWordFlag = <const K extends string, const L extends string>(
  key: K,
  label: L,
  listWidth: number,
  example: 'Yes' | 'No',
) =>
  flagField({
    key,
    input: key,
    wire: key,
    label,
    column: key,
    formDefault: false,
    required: true,
    list: { header: label, width: listWidth },
    excel: { width: 8, templateWidth: 10, example, help: YES_NO_HELP },
  });

export const EMPLOYEE_FIELDS = [
  textField({
    key: 'name',
    input: 'name',
    wire: 'name',
    label: 'Name',
    column: 'name',
    formDefault: '',
    required: true,
    list: { header: 'Name', width: 180 },
    excel: {
      width: 28,
      templateWidth: 28,
      example: 'Jane Doe',
      help: "The employee's name (at most 200 characters).",
    },
  }),
  referenceField({
    key: 'job',
    input: 'jobId',
    wire: 'technologyId',
    label: 'Job',
    column: 'job_id',
    reference: { table: 'jobs', view: 'technology', nameKey: 'jobName' },
    formDefault: null,
    required: true,
    list: {
      header: 'Technology',
      width: 150,
      sortKey: 'technology',
      description: "Technology — the employee's job (Job on the employee form)",
    },
    excel: {
      width: 18,
      templateWidth: 20,
      example: 'Backend',
      help: `The name of an existing job. ${NAMES}`,
    },
    aliases: ['technology'],
  }),
  referenceField({
    key: 'position',
    input: 'positionId',
    wire: 'specializationId',
    label: 'Position',
    column: 'position_id',
    reference: { table: 'positions', view: 'position', nameKey: 'positionName' },
    formDefault: null,
    required: true,
    list: {
      header: 'Specialization',
      width: 160,
      description: "Specialization — the employee's position (Position on the employee form)",
    },
    excel: {
      width: 22,
      templateWidth: 24,
      example: 'API Developer',
      help: `The name of a position of that job. ${NAMES}`,
    },
    aliases: ['specialization'],
  }),
  rankField('grade', 'Grade', 100, 'Senior'),
  rankField('level', 'Level', 90, 'L2'),
  yearsField({
    key: 'yearsExperience',
    input: 'yearsExperience',
    wire: 'yearsExperience',
    label: 'Years of Experience',
    column: 'years_experience',
    ...YEARS,
    derivedFrom: { field: 'careerStartDate', note: 'from career start' },
    list: {
      header: 'Experience in years',
      width: 104,
      sortKey: 'yearsExperience',
      description: 'Experience in years — Years of Experience on the employee form',
    },
    excel: {
      ...YEARS_COLUMN,
      example: 3,
      help: 'A number from 0 to 100, with at most 2 decimals (e.g. 3 or 2.5). With a Career Start Date, the years since it count instead.',
    },
    aliases: ['experience in years'],
  }),
  yearsField({
    key: 'yearsWithCompany',
    input: 'yearsWithCompany',
    wire: 'yearsWithCompany',
    label: 'Years with Company',
    column: 'years_with_company',
    ...YEARS,
    derivedFrom: { field: 'hireDate', note: 'from hire date' },
    list: {
      header: 'Company Years',
      width: 96,
      sortKey: 'yearsWithCompany',
      description: 'Company Years — Years with Company on the employee form',
    },
    excel: {
      ...YEARS_COLUMN,
      example: 1,
      help: 'A number from 0 to 100, with at most 2 decimals (e.g. 1 or 0.5). With a Hire Date, the years since it count instead.',
    },
    aliases: ['company years'],
  }),
  flagField({
    key: 'offshoreProject',
    input: 'offshoreProject',
    wire: 'offshoreProject',
    label: 'Base on Project',
    column: 'offshore_project',
    formDefault: false,
    required: true,
    list: {
      header: 'Offshore',
      width: 84,
      description: 'Offshore — Base on Project on the employee form',
    },
    excel: { width: 10, templateWidth: 16, example: 'No', help: YES_NO_HELP },
    aliases: ['offshore'],
  }),
  flagField({
    key: 'actingAsDifferentGrade',
    input: 'actingAsDifferentGrade',
    wire: 'actingAsDifferentGrade',
    label: 'Acting as Different Grade',
    column: 'acting_as_different_grade',
    formDefault: false,
    required: true,
    list: {
      header: 'Acting As',
      width: 84,
      description: 'Acting As — Acting as Different Grade on the employee form',
    },
    excel: { width: 12, templateWidth: 24, example: 'No', help: YES_NO_HELP },
    aliases: ['acting as'],
  }),
  oneWordFlag('pillar', 'Pillar', 72, 'No'),
  oneWordFlag('remote', 'Remote', 80, 'Yes'),
  choiceField({
    key: 'gender',
    input: 'gender',
    wire: 'gender',
    label: 'Gender',
    column: 'gender',
    choices: GENDERS,
    choiceLabels: GENDER_LABELS,
    personal: true,
    formDefault: 'UNDISCLOSED',
    required: false,
    excel: {
      width: 12,
      templateWidth: 14,
      example: 'Undisclosed',
      help:
        "Female, Male, Other or Undisclosed. Blank keeps an existing employee's value (new employees: " +
        'Undisclosed). Personal data: only administrators and users who may edit employees see this column.',
    },
  }),
  dateField({
    key: 'hireDate',
    input: 'hireDate',
    wire: 'hireDate',
    label: 'Hire Date',
    column: 'hire_date',
    formDefault: null,
    required: false,
    excel: { width: 12, templateWidth: 14, example: '2023-04-01', help: DATE_HELP },
    aliases: ['hired'],
  }),
  dateField({
    key: 'careerStartDate',
    input: 'careerStartDate',
    wire: 'careerStartDate',
    label: 'Career Start Date',
    column: 'career_start_date',
    formDefault: null,
    required: false,
    excel: { width: 12, templateWidth: 18, example: '2020-09-01', help: DATE_HELP },
    aliases: ['career start'],
  }),
  dateField({
    key: 'leaveDate',
    input: 'leaveDate',
    wire: 'leaveDate',
    label: 'Leave Date',
    column: 'leave_date',
    formDefault: null,
    required: false,
    excel: {
      width: 12,
      templateWidth: 14,
      example: '',
      help: `${DATE_HELP} Not before the Hire Date.`,
    },
  }),
  hoursField({
    key: 'weeklyHours',
    input: 'weeklyHours',
    wire: 'weeklyHours',
    label: 'Weekly Hours',
    column: 'weekly_hours',
    formDefault: '',
    required: false,
    sqlDefault: 'coalesce((select standard_weekly_hours from company), 40)',
    excel: {
      width: 14,
      templateWidth: 14,
      example: 40,
      help:
        'Contracted hours a week: more than 0, at most 168, at most 2 decimals (e.g. 40 or 20.5). ' +
        "Blank keeps an existing employee's hours (new employees: the company's standard weekly hours).",
    },
    aliases: ['hours', 'hours per week'],
  }),
] as const satisfies readonly EmployeeFieldSpec[];

/** What an entry declares (the list above is checked against it). */
export interface EmployeeFieldSpec extends FieldBase {
  kind: EmployeeFieldKind;
  /** The field's rule on the API and the form (the contract's employeeFormBody is made of them). */
  body: unknown;
  /** The field's shape in the answers (employeeViewSchema). */
  view: unknown;
  /** For references: the table of names, the view's object key and the record's name key. */
  reference?: { table: string; view: string; nameKey: string };
  /** For choices: the stored values and their labels (forms and sheets show the labels). */
  choices?: readonly string[];
  choiceLabels?: Readonly<Record<string, string>>;
  /** For years: the date field that decides them when set, and how the form says so. */
  derivedFrom?: { field: string; note: string };
  /** For hours: the SQL a new employee's value comes from when none is given. */
  sqlDefault?: string;
  /** The export's and the template's cell (references are written by name: not here). */
  toCell?: (value: never) => ExportCell;
  /** The import's reading of a cell (references are resolved by name: not here). */
  fromCell?: (cell: SheetCell) => CellReading<unknown>;
}

export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];
export type EmployeeFieldOf<K extends EmployeeFieldKind> = Extract<EmployeeField, { kind: K }>;

/** The fields a reader may see: personal ones only for admins and manageEmployee. */
export const visibleFields = (personal: boolean): EmployeeField[] =>
  EMPLOYEE_FIELDS.filter((f) => personal || !('personal' in f && f.personal));

export const fieldsOfKind = <K extends EmployeeFieldKind>(kind: K): EmployeeFieldOf<K>[] =>
  EMPLOYEE_FIELDS.filter((f): f is EmployeeFieldOf<K> => f.kind === kind);

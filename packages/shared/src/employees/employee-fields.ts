/*
 * The employee's fields, declared once and in their column order. The list drives the
 * server's list query, inserts and updates (`column`, `kind`), the Excel export, template and
 * import (`label` is the form's label and the sheet's header; `excel`), the web form
 * (`wire`, `formDefault`) and the benchmark's baseline query. Adding a field: a migration,
 * the table (db/schema.ts), its rule in the employee contract, one entry here, and the input
 * on the form.
 */

/**
 * text: a string column; reference: the id of a job/position/grade/level (named in lists
 * and sheets); years: numeric(5,2), at most two decimals; flag: a boolean (Yes/No in sheets).
 */
export type EmployeeFieldKind = 'text' | 'reference' | 'years' | 'flag' | 'choice';

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
/** Both years fields: required, blank on a new form, and as wide in the sheets. */
const YEARS = { kind: 'years', formDefault: '', required: true } as const;
const YEARS_COLUMN = { width: 12, templateWidth: 20 } as const;

export const EMPLOYEE_FIELDS = [
  {
    key: 'name',
    input: 'name',
    wire: 'name',
    label: 'Name',
    column: 'name',
    kind: 'text',
    formDefault: '',
    required: true,
    excel: {
      width: 28,
      templateWidth: 28,
      example: 'Jane Doe',
      help: "The employee's name (at most 200 characters).",
    },
  },
  {
    key: 'job',
    input: 'jobId',
    wire: 'technologyId',
    label: 'Job',
    column: 'job_id',
    kind: 'reference',
    reference: { table: 'jobs', view: 'technology', nameKey: 'jobName' },
    formDefault: null,
    required: true,
    excel: {
      width: 18,
      templateWidth: 20,
      example: 'Backend',
      help: `The name of an existing job. ${NAMES}`,
    },
    aliases: ['technology'],
  },
  {
    key: 'position',
    input: 'positionId',
    wire: 'specializationId',
    label: 'Position',
    column: 'position_id',
    kind: 'reference',
    reference: { table: 'positions', view: 'position', nameKey: 'positionName' },
    formDefault: null,
    required: true,
    excel: {
      width: 22,
      templateWidth: 24,
      example: 'API Developer',
      help: `The name of a position of that job. ${NAMES}`,
    },
    aliases: ['specialization'],
  },
  {
    key: 'grade',
    input: 'gradeId',
    wire: 'gradeId',
    label: 'Grade',
    column: 'grade_id',
    kind: 'reference',
    reference: { table: 'grades', view: 'grade', nameKey: 'gradeName' },
    formDefault: null,
    required: true,
    excel: {
      width: 10,
      templateWidth: 12,
      example: 'Senior',
      help: `The name of an existing grade. ${NAMES}`,
    },
  },
  {
    key: 'level',
    input: 'levelId',
    wire: 'levelId',
    label: 'Level',
    column: 'level_id',
    kind: 'reference',
    reference: { table: 'levels', view: 'level', nameKey: 'levelName' },
    formDefault: null,
    required: true,
    excel: {
      width: 10,
      templateWidth: 12,
      example: 'L2',
      help: `The name of an existing level. ${NAMES}`,
    },
  },
  {
    key: 'yearsExperience',
    input: 'yearsExperience',
    wire: 'yearsExperience',
    label: 'Years of Experience',
    column: 'years_experience',
    ...YEARS,
    excel: {
      ...YEARS_COLUMN,
      example: 3,
      help: 'A number from 0 to 100, with at most 2 decimals (e.g. 3 or 2.5).',
    },
    aliases: ['experience in years'],
  },
  {
    key: 'yearsWithCompany',
    input: 'yearsWithCompany',
    wire: 'yearsWithCompany',
    label: 'Years with Company',
    column: 'years_with_company',
    ...YEARS,
    excel: {
      ...YEARS_COLUMN,
      example: 1,
      help: 'A number from 0 to 100, with at most 2 decimals (e.g. 1 or 0.5).',
    },
    aliases: ['company years'],
  },
  {
    key: 'offshoreProject',
    input: 'offshoreProject',
    wire: 'offshoreProject',
    label: 'Base on Project',
    column: 'offshore_project',
    kind: 'flag',
    formDefault: false,
    required: true,
    excel: { width: 10, templateWidth: 16, example: 'No', help: YES_NO_HELP },
    aliases: ['offshore'],
  },
  {
    key: 'actingAsDifferentGrade',
    input: 'actingAsDifferentGrade',
    wire: 'actingAsDifferentGrade',
    label: 'Acting as Different Grade',
    column: 'acting_as_different_grade',
    kind: 'flag',
    formDefault: false,
    required: true,
    excel: { width: 12, templateWidth: 24, example: 'No', help: YES_NO_HELP },
    aliases: ['acting as'],
  },
  {
    key: 'pillar',
    input: 'pillar',
    wire: 'pillar',
    label: 'Pillar',
    column: 'pillar',
    kind: 'flag',
    formDefault: false,
    required: true,
    excel: { width: 8, templateWidth: 10, example: 'No', help: YES_NO_HELP },
  },
  {
    key: 'remote',
    input: 'remote',
    wire: 'remote',
    label: 'Remote',
    column: 'remote',
    kind: 'flag',
    formDefault: false,
    required: true,
    excel: { width: 8, templateWidth: 10, example: 'Yes', help: YES_NO_HELP },
  },
  {
    key: 'gender',
    input: 'gender',
    wire: 'gender',
    label: 'Gender',
    column: 'gender',
    kind: 'choice',
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
  },
] as const satisfies readonly EmployeeFieldSpec[];

/** What an entry declares (the list above is checked against it). */
export interface EmployeeFieldSpec {
  /** The Excel column's key (references by their thing: `job`, not `jobId`). */
  key: string;
  /** The name inside the code (services, repository). */
  input: string;
  /** The name on the API (the spec's: technologyId, specializationId). */
  wire: string;
  /** The form's label and the sheet's header. */
  label: string;
  /** The database column (snake_case). */
  column: string;
  kind: EmployeeFieldKind;
  /** For references: the table of names, the view's object key and the record's name key. */
  reference?: { table: string; view: string; nameKey: string };
  /** The empty form's value. */
  formDefault: string | boolean | null;
  required: boolean;
  excel: {
    /** Export column width. */
    width: number;
    templateWidth: number;
    /** Whether the import refuses a file without this column. */
    /** The template's example row. */
    example: string | number;
    /** The template's instructions. */
    help: string;
  };
  /** Other headers the import accepts (the list's column titles), lower case. */
  aliases?: readonly string[];
  /** For choices: the stored values and their labels (forms and sheets show the labels). */
  choices?: readonly string[];
  choiceLabels?: Readonly<Record<string, string>>;
  /**
   * Personal data: only admins and manageEmployee holders read or set it (`canReadPersonalData`);
   * every other answer, export and error leaves it out. Optional on writes: absent keeps the
   * stored value (new employees: formDefault).
   */
  personal?: boolean;
}

export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];
export type EmployeeFieldOf<K extends EmployeeFieldKind> = Extract<EmployeeField, { kind: K }>;

/** The fields a reader may see: personal ones only for admins and manageEmployee. */
export const visibleFields = (personal: boolean): EmployeeField[] =>
  EMPLOYEE_FIELDS.filter((f) => personal || !('personal' in f && f.personal));

export const fieldsOfKind = <K extends EmployeeFieldKind>(kind: K): EmployeeFieldOf<K>[] =>
  EMPLOYEE_FIELDS.filter((f): f is EmployeeFieldOf<K> => f.kind === kind);

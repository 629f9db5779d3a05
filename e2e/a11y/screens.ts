import type { Locator, Page } from 'playwright-core';
import { CalculatorPage } from '../pages/calculator.ts';
import { openPhoneDisclosure } from '../pages/employees-page.ts';
import { ImportDialog, importedAsAdmin, workbookWith } from '../pages/excel.ts';
import { field, pickOption } from '../pages/rules-section.ts';
import { dismissToasts } from '../pages/toasts.ts';
import { motionless } from '../support/browser.ts';
import type { ProfileNames } from '../support/seed-employees.ts';

/*
 * Every screen and every modal the axe test (and the page-title test) walks, declared once.
 * A new screen is one line here: its path, the title of its h1, and (for a modal) how to open
 * it. `ready` defaults to "the page's h1 shows and the network is quiet".
 */

export interface Screen {
  name: string;
  path: string;
  /** The page's one h1. */
  heading: string;
  /** document.title on this route. */
  title: string;
  anonymous?: boolean;
  /** Extra wait after the heading shows (a list filled, a result computed). */
  ready?(page: Page, seeded: Seeded): Promise<void>;
}

export interface DialogCase {
  name: string;
  /** Path of the screen the dialog opens on. */
  path: string;
  /** Opens the dialog and answers it (the element with role dialog/alertdialog). */
  open(page: Page): Promise<Locator>;
  /** Only at this width (the phone's navigation menu). */
  only?: 'mobile';
}

const main = (page: Page) => page.getByRole('main');

async function gridShown(page: Page): Promise<void> {
  await page.getByRole('table', { name: 'Base salaries by grade and level' }).waitFor();
}

async function rowsShown(page: Page, _seeded?: Seeded): Promise<void> {
  await page.locator('tbody tr, .mantine-Card-root').filter({ visible: true }).first().waitFor();
}

let seed: Seeded | undefined;
/** The axe test hands the seeded names over once; dialogs that need them read them here. */
export function useSeed(value: Seeded): void {
  seed = value;
}
function currentSeed(): Seeded {
  if (!seed) throw new Error('useSeed() first');
  return seed;
}

/** An import row for `name` in the seeded job, position, grade and level, a year in each count. */
function seededImportRow(name: string) {
  const s = currentSeed();
  return {
    Name: name,
    Job: s.job,
    Position: s.position,
    Grade: s.grade,
    Level: s.level,
    'Years of Experience': 1,
    'Years with Company': 1,
  };
}

/** What the screens show: the names seeded for the run. */
export interface Seeded extends ProfileNames {
  employeeId: number;
}

async function calculated(page: Page, seeded: Seeded): Promise<void> {
  const calculator = new CalculatorPage(page);
  await calculator.chooseProfile(seeded);
  await calculator.calculateButton.click();
  await calculator.details.waitFor();
}

/** On a phone, opens every toggle that hides a toolbar (Actions, Filters); wider, nothing to do. */
async function phoneTogglesOpen(page: Page): Promise<void> {
  await rowsShown(page);
  // The filter form (and its toggle) is a chunk of its own: there once it is attached.
  await page.locator('form[aria-label="Filter employees"]').waitFor({ state: 'attached' });
  await openPhoneDisclosure(page, /^Actions/);
  await openPhoneDisclosure(page, /^Filters/);
  await page.getByRole('form', { name: 'Filter employees' }).waitFor();
}

export const SCREENS: Screen[] = [
  {
    name: 'login',
    path: '/login',
    heading: 'Sign in to your account',
    title: 'Sign in · Salary System',
    anonymous: true,
  },
  {
    name: 'employees',
    path: '/dashboard',
    heading: 'Employees',
    title: 'Employees · Salary System',
    ready: rowsShown,
  },
  {
    name: 'employees, phone toolbars open',
    path: '/dashboard',
    heading: 'Employees',
    title: 'Employees · Salary System',
    ready: phoneTogglesOpen,
  },
  {
    name: 'add employee',
    path: '/employees/new',
    heading: 'Add Employee',
    title: 'Add Employee · Salary System',
  },
  {
    name: 'edit employee',
    path: '/employees/edit/{employeeId}',
    heading: 'Edit Employee',
    title: 'Edit Employee · Salary System',
  },
  {
    name: 'calculator',
    path: '/calculator',
    heading: 'Salary Calculator',
    title: 'Salary Calculator · Salary System',
  },
  {
    name: 'calculator result',
    path: '/calculator',
    heading: 'Salary Calculator',
    title: 'Salary Calculator · Salary System',
    ready: calculated,
  },
  {
    name: 'jobs',
    path: '/settings/jobs',
    heading: 'Settings',
    title: 'Jobs · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'positions',
    path: '/settings/positions',
    heading: 'Settings',
    title: 'Positions · Settings · Salary System',
    // The screen opens on the first job by name, which other specs may leave without
    // positions: show the seeded job's, so the table is what gets measured.
    ready: async (page, seeded) => {
      await pickOption(main(page), 'Job', seeded.job);
      await rowsShown(page);
    },
  },
  {
    name: 'grades',
    path: '/settings/grades',
    heading: 'Settings',
    title: 'Grades · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'levels',
    path: '/settings/levels',
    heading: 'Settings',
    title: 'Levels · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'base salaries',
    path: '/settings/base-salary',
    heading: 'Settings',
    title: 'Base Salaries · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'base salary grid',
    path: '/settings/base-salary?view=grid',
    heading: 'Settings',
    title: 'Base Salaries · Settings · Salary System',
    ready: gridShown,
  },
  {
    name: 'salary bands',
    path: '/settings/base-salary?view=bands',
    heading: 'Settings',
    title: 'Base Salaries · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'adjustment factors',
    path: '/settings/adjustment-factors',
    heading: 'Settings',
    title: 'Adjustment Factors · Settings · Salary System',
    ready: rowsShown,
  },
  {
    name: 'benefits',
    path: '/settings/benefits',
    heading: 'Settings',
    title: 'Benefits · Settings · Salary System',
  },
  {
    name: 'multipliers',
    path: '/settings/multipliers',
    heading: 'Settings',
    title: 'Salary Multipliers · Settings · Salary System',
  },
  {
    name: 'social insurance',
    path: '/settings/social-insurance',
    heading: 'Settings',
    title: 'Social Insurance · Settings · Salary System',
  },
  {
    name: 'scheduled changes',
    path: '/settings/scheduled-changes',
    heading: 'Settings',
    title: 'Scheduled Changes · Settings · Salary System',
  },
  {
    name: 'job evaluation',
    path: '/settings/job-evaluation',
    heading: 'Settings',
    title: 'Job Evaluation · Settings · Salary System',
    ready: async (page) => {
      await page.getByLabel('Job evaluation scores', { exact: true }).waitFor();
    },
  },
  {
    name: 'company',
    path: '/settings/company',
    heading: 'Settings',
    title: 'Company · Settings · Salary System',
    ready: async (page) => {
      await page.getByRole('form', { name: 'Company' }).waitFor();
    },
  },
  {
    name: 'users',
    path: '/settings/users',
    heading: 'Settings',
    title: 'User Management · Settings · Salary System',
    ready: rowsShown,
  },
  { name: 'pay overview', path: '/insights', heading: 'Pay Overview', title: 'Pay Overview · Salary System' },
  {
    name: 'pay transparency',
    path: '/pay-transparency',
    heading: 'Pay Transparency',
    title: 'Pay Transparency · Salary System',
    // The seed holds a category below the 5% threshold, so its green badge is measured too
    // (it once failed contrast while every seeded category was flagged).
    ready: async (page) => {
      await page.getByTestId('category-table').getByText('Below 5%').first().waitFor();
    },
  },
  {
    name: 'posting range',
    path: '/pay-transparency/posting-range',
    heading: 'Pay range for a job posting',
    title: 'Pay range for a job posting · Salary System',
  },
  {
    name: 'worker requests',
    path: '/worker-requests',
    heading: 'Worker Requests',
    title: 'Worker Requests · Salary System',
    ready: async (page) => {
      await page.getByTestId('register-summary').waitFor();
    },
  },
  {
    name: 'audit log',
    path: '/settings/audit',
    heading: 'Settings',
    title: 'Audit Log · Settings · Salary System',
  },
];

async function openBy(page: Page, button: Locator, dialogName: string | RegExp): Promise<Locator> {
  await button.first().click();
  const dialog = page
    .getByRole('dialog', { name: dialogName })
    .or(page.getByRole('alertdialog', { name: dialogName }));
  await dialog.waitFor();
  // Let the opening transition finish so contrast is measured on the final colours: the
  // dialog is mounted at opacity 0 a frame before its transition starts, so "nothing moves"
  // alone can be true too early. Wait until it and every ancestor are fully opaque, then still.
  await dialog.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const opaque = () => {
          for (let e: Element | null = element; e; e = e.parentElement)
            if (getComputedStyle(e).opacity !== '1') return false;
          return true;
        };
        const poll = () => (opaque() ? resolve() : requestAnimationFrame(poll));
        poll();
      }),
  );
  await motionless(page);
  return dialog;
}

const byName = (page: Page, name: string | RegExp) =>
  main(page).getByRole('button', { name }).filter({ visible: true });

/** A dialog that a list row's button opens, once the list has its rows. */
function fromRow(name: string, path: string, button: RegExp, dialogName: string | RegExp): DialogCase {
  return {
    name,
    path,
    open: async (page) => {
      await rowsShown(page);
      return openBy(page, byName(page, button), dialogName);
    },
  };
}

export const DIALOGS: DialogCase[] = [
  {
    name: 'record a worker request',
    path: '/worker-requests',
    open: async (page) => {
      await page.getByTestId('register-summary').waitFor();
      return openBy(page, byName(page, 'Record request'), 'Record a request');
    },
  },
  {
    name: 'change password',
    path: '/dashboard',
    open: async (page) => {
      await openPhoneDisclosure(page, /^Actions/);
      return openBy(page, byName(page, 'Change Password'), 'Change Password');
    },
  },
  {
    name: 'import excel',
    path: '/dashboard',
    open: async (page) => {
      // The button opens the system file picker; the dialog follows the picked file.
      const importer = new ImportDialog(page);
      const file = await workbookWith([{ Name: 'Half a row' }]);
      await openPhoneDisclosure(page, /^Actions/);
      await importer.chooseFile(() => byName(page, 'Import Excel').first().click(), 'employees.xlsx', file);
      const { dialog } = importer;
      await importer.outcome.waitFor();
      await motionless(page);
      return dialog;
    },
  },
  {
    name: 'import preview',
    path: '/dashboard',
    open: async (page) => {
      // A new row: the preview's table lists it with the gross it starts on.
      const importer = new ImportDialog(page);
      const file = await workbookWith([seededImportRow(`Preview Check ${Date.now()}`)]);
      await openPhoneDisclosure(page, /^Actions/);
      await importer.chooseFile(() => byName(page, 'Import Excel').first().click(), 'employees.xlsx', file);
      await importer.dialog.locator('tr[data-kind="create"]').waitFor();
      await motionless(page);
      return importer.dialog;
    },
  },
  {
    name: 'impact preview',
    path: '/settings/base-salary',
    open: async (page) => {
      // A new amount for the seeded pair moves its employees' pay: the preview has figures.
      await rowsShown(page);
      await byName(page, /^Edit/).first().click();
      const form = main(page).getByRole('form', { name: 'Edit base salary' });
      await field(form, 'Base Salary Amount').fill('7100');
      return openBy(page, form.getByRole('button', { name: 'Preview impact' }), 'Impact preview');
    },
  },
  fromRow('delete employee', '/dashboard', /^Delete/, 'Delete employee'),
  {
    name: 'add job',
    path: '/settings/jobs',
    open: (page) => openBy(page, byName(page, 'Add Job'), 'Add Job'),
  },
  fromRow('delete job', '/settings/jobs', /^Delete /, /Delete|confirm/i),
  fromRow('delete base salary', '/settings/base-salary', /^Delete/, /Delete|confirm/i),
  {
    name: 'custom multiplier',
    path: '/settings/multipliers',
    open: (page) => openBy(page, byName(page, 'Add Custom Multiplier'), 'Add Custom Multiplier'),
  },
  fromRow('user sessions', '/settings/users', /^Sessions of/, /Active sessions/),
  {
    name: 'revert import',
    path: '/settings/audit',
    open: async (page) => {
      // A name of its own each time: the same name and job again would be a possible duplicate.
      const entryId = await importedAsAdmin([seededImportRow(`Revert Check ${Date.now()}`)]);
      await page.goto(`/settings/audit?before=${entryId + 1}`);
      await main(page)
        .getByRole('button', { name: `Show changes of entry ${entryId}` })
        .click();
      return openBy(page, byName(page, 'Revert this import'), 'Revert this import');
    },
  },
  // States rather than dialogs, checked the same way.
  {
    name: 'calculator out of date',
    path: '/calculator',
    open: async (page) => {
      await calculated(page, currentSeed());
      // The success toast of the calculation is measured on the calculator screen; here it
      // would be caught sliding in or out, its colours half-blended.
      await dismissToasts(page);
      await page
        .getByRole('form', { name: 'Salary calculator' })
        .getByRole('textbox', { name: 'Years of Experience' })
        .fill('3');
      const details = page.getByRole('region', { name: 'Calculation Details' });
      await details.getByText('Out of date — Calculate again').waitFor();
      return details;
    },
  },
  {
    name: 'multipliers unsaved',
    path: '/settings/multipliers',
    open: async (page) => {
      await page.getByRole('form', { name: 'Salary multipliers' }).getByRole('textbox').first().fill('2');
      const bar = page.getByTestId('save-bar');
      await bar.getByText('Unsaved changes').waitFor();
      return bar;
    },
  },
  {
    name: 'mobile navigation',
    path: '/dashboard',
    only: 'mobile',
    open: async (page) => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await motionless(page);
      return nav;
    },
  },
];

import type { Settings } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsRepository } from '../../src/modules/settings/settings.repository.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { DEFAULT_SETTINGS, getSettings, putSettings, settingsBody } from './settings-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const withoutMeta = ({ version: _v, updatedAt: _u, ...rest }: Settings) => rest;

describe('settings API', () => {
  // Runs first: nothing has saved the record yet.
  it('answers the default record to readers of the money rules', async () => {
    const { token } = await t.createUser({ showSettings: true });
    const res = await t.call<Settings>({ method: 'GET', url: '/api/settings', token });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.success).toBe(true);
    expect(res.envelope.data).toEqual({ ...DEFAULT_SETTINGS, updatedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.envelope.data.updatedAt))).toBe(false);
  });

  it('saves the whole record, bumps the version and answers numbers and arrays', async () => {
    const before = await getSettings(t);
    const res = await putSettings(
      t,
      settingsBody({
        version: before.version,
        benefits: [
          { name: ' Health ', amount: 120.5, type: 'FIXED_AMOUNT' },
          { name: 'Pension', amount: 3.25, type: 'PERCENTAGE' },
          { name: 'Meal', amount: 0 },
        ],
        socialInsuranceEnabled: 0,
        updatedAt: 'ignored',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Settings updated successfully');
    const saved = res.envelope.data;
    expect(saved).toMatchObject({
      experienceMultiplier: 2.5,
      loyaltyMultiplier: 150,
      loyaltyMultiplierType: 'FIXED',
      offshoreMultiplier: -10,
      pillarMultiplier: 1000.25,
      socialInsuranceEnabled: false,
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 75,
      totalInsurancePercentage: 14.5,
      version: before.version + 1,
      benefits: [
        { name: 'Health', amount: 120.5, type: 'FIXED_AMOUNT' },
        { name: 'Pension', amount: 3.25, type: 'PERCENTAGE' },
        { name: 'Meal', amount: 0, type: 'FIXED_AMOUNT' },
      ],
      customMultipliers: [],
    });
    expect(await getSettings(t)).toEqual(saved);
    // The repository other modules call reads the very same shape.
    expect(await createSettingsRepository(t.database.db).get()).toEqual(saved);
  });

  it('stores the same record whether the lists come as JSON strings or as arrays', async () => {
    const benefits = [
      { name: 'Transport', amount: 50, type: 'FIXED_AMOUNT' },
      { name: 'Bonus', amount: 10, type: 'PERCENTAGE' },
    ];
    const customMultipliers = [
      { id: 'cm_keep_me', title: 'Night shift', multiplier: 7.5, type: 'PERCENTAGE' },
    ];

    const asArrays = await putSettings(t, settingsBody({ benefits, customMultipliers }));
    expect(asArrays.statusCode).toBe(200);
    const asStrings = await putSettings(
      t,
      settingsBody({
        benefits: JSON.stringify(benefits),
        customMultipliers: JSON.stringify(customMultipliers),
        socialInsuranceEnabled: 1,
      }),
    );
    expect(asStrings.statusCode).toBe(200);
    expect(withoutMeta(asStrings.envelope.data)).toEqual(withoutMeta(asArrays.envelope.data));
    expect(asStrings.envelope.data.benefits).toEqual(benefits);
    expect(asStrings.envelope.data.customMultipliers).toEqual(customMultipliers);
    expect(asStrings.envelope.data.version).toBe(asArrays.envelope.data.version + 1);
  });

  it('accepts the GET answer back as a PUT body (a round trip changes only version and time)', async () => {
    const before = await getSettings(t);
    const res = await putSettings(t, { ...before });
    expect(res.statusCode).toBe(200);
    expect(withoutMeta(res.envelope.data)).toEqual(withoutMeta(before));
    expect(res.envelope.data.version).toBe(before.version + 1);
  });

  it('gives new custom multipliers stable ids and keeps the ids it already gave', async () => {
    const first = await putSettings(
      t,
      settingsBody({
        customMultipliers: JSON.stringify([
          { id: 'tmp-1', title: 'Weekend', multiplier: 3, type: 'PERCENTAGE' },
          { title: 'On call', multiplier: 200, type: 'FIXED' },
          { id: 'tmp-2', title: 'Mentor', multiplier: 1.5 },
        ]),
      }),
    );
    expect(first.statusCode).toBe(200);
    const saved = first.envelope.data.customMultipliers;
    expect(saved.map((m) => m.title)).toEqual(['Weekend', 'On call', 'Mentor']);
    expect(saved[2]!.type).toBe('PERCENTAGE');
    for (const m of saved) expect(m.id).toMatch(/^cm_[A-Za-z0-9_-]+$/);
    expect(new Set(saved.map((m) => m.id)).size).toBe(3);

    const [weekend, onCall] = saved;
    const second = await putSettings(
      t,
      settingsBody({
        customMultipliers: [
          { ...onCall, multiplier: 250 },
          { ...weekend, title: 'Weekend work' },
          { id: 'tmp-3', title: 'Travel', multiplier: -2, type: 'PERCENTAGE' },
        ],
      }),
    );
    expect(second.statusCode).toBe(200);
    const again = second.envelope.data.customMultipliers;
    expect(again[0]).toEqual({ ...onCall, multiplier: 250 });
    expect(again[1]).toEqual({ ...weekend, title: 'Weekend work' });
    expect(again[2]!.id).toMatch(/^cm_/);
    expect(saved.map((m) => m.id)).not.toContain(again[2]!.id);
    expect((await getSettings(t)).customMultipliers).toEqual(again);
  });

  it('takes FIXED values beyond ±100 and percentages at the ±100 edge', async () => {
    const res = await putSettings(
      t,
      settingsBody({
        experienceMultiplier: -100,
        loyaltyMultiplier: 999_999_999.99,
        loyaltyMultiplierType: 'FIXED',
        pillarMultiplier: -999_999_999.99,
        remoteMultiplier: 100,
        companyInsurancePercentage: 0,
        totalInsurancePercentage: 100,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toMatchObject({
      experienceMultiplier: -100,
      loyaltyMultiplier: 999_999_999.99,
      pillarMultiplier: -999_999_999.99,
      remoteMultiplier: 100,
      companyInsurancePercentage: 0,
      totalInsurancePercentage: 100,
    });
  });
});

it('documents the PUT semantics in the OpenAPI description', async () => {
  const res = await t.call({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const put = JSON.parse(res.body).paths['/api/settings'].put;
  expect(put.description).toMatch(/JSON strings/);
  expect(put.description).toMatch(/version/);
  expect(put.requestBody.content['application/json'].schema.required).toContain('benefits');
});

describe('lost-update guard', () => {
  it('lets the first of two saves from the same version win and refuses the second with 409', async () => {
    const { version } = await getSettings(t);
    const first = await putSettings(t, settingsBody({ version, experienceMultiplier: 11 }));
    expect(first.statusCode).toBe(200);
    expect(first.envelope.data.version).toBe(version + 1);

    const second = await putSettings(t, settingsBody({ version, experienceMultiplier: 22 }));
    expect(second.statusCode).toBe(409);
    expect(second.envelope).toMatchObject({
      success: false,
      message: 'Settings were changed by someone else. Reload and try again.',
      error: 'STALE_VERSION',
    });
    expect(await getSettings(t)).toEqual(first.envelope.data);
  });

  it('refuses a version from the future too', async () => {
    const before = await getSettings(t);
    const res = await putSettings(t, settingsBody({ version: before.version + 5 }));
    expect(res.statusCode).toBe(409);
    expect(await getSettings(t)).toEqual(before);
  });

  it('lets exactly one of two simultaneous saves from the same version win', async () => {
    const { version } = await getSettings(t);
    const results = await Promise.all([
      putSettings(t, settingsBody({ version, remoteMultiplier: 1 })),
      putSettings(t, settingsBody({ version, remoteMultiplier: 2 })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect(winner.envelope.data.version).toBe(version + 1);
    expect(await getSettings(t)).toEqual(winner.envelope.data);
  });

  it('without a version the last save wins', async () => {
    const { version } = await getSettings(t);
    const res = await putSettings(t, settingsBody({ pillarMultiplier: 3 }));
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toMatchObject({ pillarMultiplier: 3, version: version + 1 });
  });
});

describe('settings permissions', () => {
  it('needs a token for both calls', async () => {
    const get = await t.call({ method: 'GET', url: '/api/settings' });
    expect(get.statusCode).toBe(401);
    const put = await t.call({ method: 'PUT', url: '/api/settings', payload: settingsBody() });
    expect(put.statusCode).toBe(401);
  });

  it('lets a plain user read names without values but not save, and a showSettings-only user not save either', async () => {
    const before = await getSettings(t);
    const plain = await t.createUser({ manageEmployee: true, deleteEmployee: true, showCost: true });
    const names = (await getSettings(t, plain.token)) as unknown as Record<string, unknown>;
    // Types, names and titles only: no multiplier, benefit or insurance value.
    expect(Object.keys(names).sort()).toEqual(
      [
        'actingAsMultiplierType',
        'benefits',
        'customMultipliers',
        'experienceMultiplierType',
        'loyaltyMultiplierType',
        'offshoreMultiplierType',
        'pillarMultiplierType',
        'remoteMultiplierType',
        'socialInsuranceEnabled',
        'socialInsuranceType',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(names.customMultipliers).toEqual(
      before.customMultipliers.map(({ id, title, type }) => ({ id, title, type })),
    );
    expect(names.benefits).toEqual(before.benefits.map(({ name, type }) => ({ name, type })));
    const viewer = await t.createUser({ showSettings: true, showSalary: true, manageEmployee: true });
    for (const token of [plain.token, viewer.token]) {
      const res = await putSettings(t, settingsBody({ version: before.version }), token);
      expect(res.statusCode).toBe(403);
      expect(res.envelope.message).toBe('You do not have permission to change settings');
    }
    expect(await getSettings(t)).toEqual(before);
  });

  it('lets a manageSettings user and an admin save', async () => {
    const editor = await t.createUser({ manageSettings: true });
    const { version } = await getSettings(t);
    const byEditor = await putSettings(t, settingsBody({ version, actingAsMultiplier: 4 }), editor.token);
    expect(byEditor.statusCode).toBe(200);
    const byAdmin = await putSettings(t, settingsBody({ version: version + 1, actingAsMultiplier: 6 }));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.envelope.data).toMatchObject({ actingAsMultiplier: 6, version: version + 2 });
  });
});

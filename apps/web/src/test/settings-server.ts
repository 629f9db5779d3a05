import type { User } from '@salary/shared/auth/auth.contract';
import { DEFAULT_SETTINGS_VALUES, type Settings } from '@salary/shared/settings/settings.contract';
import type { ReactNode } from 'react';
import { newUser, SIX_MULTIPLIERS } from './fixtures.ts';
import {
  envelope,
  type Handler,
  type RecordedRequest,
  sendJson,
  type TestServer,
} from './http-test-server.ts';
import { serveSignedIn, signedInPage } from './sign-in.ts';

export const MANAGER = newUser({ permissions: { showSettings: true, manageSettings: true } });
export const VIEWER = newUser({ permissions: { showSettings: true } });

/** A test file's settings screens at /settings, each opened for a manager of settings (see signedInPage). */
export function settingsPage() {
  const page = signedInPage('/settings');
  return {
    server: page.server,
    open: (section: ReactNode, answer: Handler) => page.open(MANAGER, section, answer),
  };
}

/** A settings record as GET /api/settings sends it; pass only what a test cares about. */
export function newSettings(overrides: Partial<Settings> = {}): Settings {
  // The defaults (no custom multipliers, no benefits, the company paying all 14% insurance)
  // with a typical company's six multipliers.
  return {
    ...DEFAULT_SETTINGS_VALUES,
    ...SIX_MULTIPLIERS,
    version: 3,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface SettingsStore {
  /** What the server holds now; a test may change it (someone else saving). */
  stored: Settings;
  /** The bodies of the PUTs it was sent, parsed (the two lists parsed too). */
  saves(): Array<Record<string, unknown>>;
}

const parseSave = (request: RecordedRequest) => {
  const body = JSON.parse(request.body) as Record<string, unknown>;
  return {
    ...body,
    benefits: JSON.parse(String(body.benefits)),
    customMultipliers: JSON.parse(String(body.customMultipliers)),
  };
};

/**
 * GET and PUT /api/settings as the server answers them: a save from the version held is
 * stored with the next version, an older one is refused with 409 STALE_VERSION.
 */
export function serveSettings(server: TestServer, initial: Settings, user: User = MANAGER): SettingsStore {
  const store: SettingsStore = {
    stored: initial,
    saves: () =>
      server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/settings').map(parseSave),
  };
  serveSignedIn(server, user, (req, res) => {
    if (req.path !== '/api/settings')
      return sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    if (req.method === 'GET') return sendJson(res, 200, envelope(store.stored));
    const body = parseSave(req) as Settings;
    if (body.version !== store.stored.version)
      return sendJson(res, 409, {
        success: false,
        message: 'Settings were changed by someone else. Reload and try again.',
        error: 'STALE_VERSION',
        data: null,
      });
    store.stored = { ...body, version: store.stored.version + 1, updatedAt: store.stored.updatedAt };
    sendJson(res, 200, envelope(store.stored, 'Settings updated successfully'));
  });
  return store;
}

import type { SessionData, User } from '@salary/shared/auth/auth.contract';
import type { Envelope } from '@salary/shared/common/envelope';
import { NO_PERMISSIONS, type PermissionKey } from '@salary/shared/common/permissions';
import { inject } from 'vitest';

export interface ApiAnswer<T> extends Envelope<T> {
  status: number;
}

export interface Credentials {
  email: string;
  password: string;
}

/** A small typed HTTP client for seeding and checking state outside the browser. */
export class ApiSession {
  constructor(
    readonly baseURL: string,
    readonly token: string | null,
  ) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const res = await fetch(`${this.baseURL}/api${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { ...((await res.json()) as Envelope<T>), status: res.status };
  }

  get<T>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

/** The answer's data, or a thrown error naming the call: seeding must not fail silently. */
export function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (!answer.success) throw new Error(`${what} failed (${answer.status}): ${answer.message}`);
  return answer.data;
}

/**
 * This worker's server (global-setup starts one per worker; VITEST_POOL_ID numbers the workers
 * running at once from 1): every page and API call of a file goes to it.
 */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length] as string;
}

export function anonymousApi(): ApiSession {
  return new ApiSession(baseURL(), null);
}

export async function signIn(credentials: Credentials): Promise<ApiSession & { user: User }> {
  const session = expectOk(await anonymousApi().post<SessionData>('/auth/login', credentials), 'Sign-in');
  return Object.assign(new ApiSession(baseURL(), session.token), { user: session.user });
}

export function adminCredentials(): Credentials {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

let adminSession: Promise<ApiSession & { user: User }> | undefined;

/** Signed in once per test file and reused. */
export function adminApi() {
  adminSession ??= signIn(adminCredentials());
  return adminSession;
}

let counter = 0;

/** Emails unique across files and runs, so specs never collide on the shared server. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export interface SeededUser extends Credentials {
  user: User;
}

/** Creates a (non-admin) user through the API with exactly the listed permissions. */
export async function createUser(
  options: { permissions?: PermissionKey[]; name?: string; email?: string; password?: string } = {},
): Promise<SeededUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'Kettle-harbor-58';
  const permissions = { ...NO_PERMISSIONS };
  for (const key of options.permissions ?? []) permissions[key] = true;
  const admin = await adminApi();
  const user = expectOk(
    await admin.post<User>('/auth/users', { email, password, name: options.name ?? 'E2E User', permissions }),
    `Creating ${email}`,
  );
  return { user, email, password };
}

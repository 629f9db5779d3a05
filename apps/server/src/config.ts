import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: off (default), `true` (trust every hop —
 * only behind a proxy that overwrites X-Forwarded-For), a hop count, or addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = (raw ?? '').trim().toLowerCase();
    if (['', 'off', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'on', 'yes'].includes(value)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = list.find((entry) => {
      const [address = '', prefix] = entry.split('/');
      return isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix));
    });
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `must be off, true, a hop count or addresses (got "${bad}")` });
      return z.NEVER;
    }
    return list;
  });

/** Unset and empty mean the same: not configured. */
const optionalString = (schema: z.ZodType<string>) =>
  schema.optional().or(z.literal('').transform(() => undefined));

/** Tokens from a provider reached over plain http could be forged on the way; loopback is the exception. */
function isAllowedIssuer(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  JWT_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 60 * 60),
  TRUST_PROXY: trustProxy,
  ADMIN_EMAIL: optionalString(z.string().email('must be an email address')),
  ADMIN_PASSWORD: optionalString(z.string().min(8, 'must be at least 8 characters')),
  DEMO: boolish,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  LOGIN_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  PAY_REPORT_MIN_GROUP: z.coerce.number().int().min(1).max(1000).default(3),
  COMPANY_NAME: z.string().trim().max(200).optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: optionalString(
    z
      .string()
      .url('must be a URL such as https://salary.example.com')
      .regex(/^https?:\/\//, 'must start with http:// or https://'),
  ),
  OIDC_ISSUER: optionalString(
    z.string().url('must be a URL').refine(isAllowedIssuer, 'must be https:// (http:// only for localhost)'),
  ),
  OIDC_CLIENT_ID: optionalString(z.string()),
  OIDC_CLIENT_SECRET: optionalString(z.string()),
  OIDC_AUTO_CREATE: boolish,
  PASSWORD_LOGIN: z.enum(['on', 'off', '']).optional(),
  CACHES: z.enum(['on', 'off', '']).optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  sessionMaxSeconds: number;
  trustProxy: boolean | number | string[];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  loginRateLimit: number;
  loginAddressRateLimit: number;
  loginEmailRateLimit: number;
  importMaxRows: number;
  importMaxBytes: number;
  /**
   * Rows an import decides, writes and audits together (not from the environment: the tests
   * set it small to cross several slices with a few hundred rows).
   */
  importSliceRows?: number;
  /** Pay transparency: fewer women or men than this in a group → "too few to report". */
  payReportMinGroup: number;
  /** The employer a worker's pay statement names; undefined: the statement says it is not set. */
  companyName: string | undefined;
  webDist: string | undefined;
  /** Where browsers reach the app; the OIDC redirect URI is built from it. */
  publicUrl: string | undefined;
  /** Single sign-on, present when the issuer, client id and secret are all set. */
  oidc: OidcConfig | undefined;
  /** false: only administrators may sign in with a password (PASSWORD_LOGIN=off). */
  passwordLogin: boolean;
  /**
   * false (CACHES=off): no read is answered from memory — the priced list, the calculator's
   * rules and the sign-in check read the database every time (see modules/pricing/pricing.read-model.ts).
   */
  caches: boolean;
};

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Unknown verified emails become users without permissions (OIDC_AUTO_CREATE=1). */
  autoCreate: boolean;
  /** PUBLIC_URL + /api/auth/oidc/callback, registered with the provider. */
  redirectUri: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcProblems = checkOidc(e);
  if (oidcProblems.length > 0) {
    throw new ConfigError(
      `Invalid environment configuration:\n${oidcProblems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demo: e.DEMO || argv.includes('--demo'),
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT,
    loginEmailRateLimit: e.LOGIN_EMAIL_RATE_LIMIT,
    importMaxRows: e.IMPORT_MAX_ROWS,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    payReportMinGroup: e.PAY_REPORT_MIN_GROUP,
    companyName: e.COMPANY_NAME || undefined,
    webDist: e.WEB_DIST,
    publicUrl,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && publicUrl
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            autoCreate: e.OIDC_AUTO_CREATE,
            redirectUri: `${publicUrl}/api/auth/oidc/callback`,
          }
        : undefined,
    passwordLogin: e.PASSWORD_LOGIN !== 'off',
    caches: e.CACHES !== 'off',
  };
}

/** SSO settings only make sense together; a half-configured SSO stops start-up with what is missing. */
function checkOidc(e: z.infer<typeof envSchema>): string[] {
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  const problems: string[] = [];
  if (set > 0 && set < 3)
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three for single sign-on, or none',
    );
  if (set === 3 && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: required with single sign-on (the redirect URI is built from it)');
  if (set < 3 && e.OIDC_AUTO_CREATE) problems.push('OIDC_AUTO_CREATE: needs single sign-on configured');
  if (set < 3 && e.PASSWORD_LOGIN === 'off')
    problems.push('PASSWORD_LOGIN: off needs single sign-on configured, or only admins could sign in');
  return problems;
}

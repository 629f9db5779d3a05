// oidc-provider ships no types; this covers the few parts the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (options: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface ProviderContext {
    oidc: {
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: { Grant: GrantConstructor };
    };
  }
  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  export interface Configuration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: ProviderContext): Promise<Grant | undefined>;
    renderError?(ctx: { type: string; body: string }, out: Record<string, string>, error: unknown): void;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}

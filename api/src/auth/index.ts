// What other folders may use of auth/: its face (docs/architecture.md#the-apis-floors). Import auth/ only from here.
export type { AuthUser } from './auth-user.js';
export { AuthModule } from './auth.module.js';
export { AdminDownload, DownloadLinks } from './download-links.js';
export { Auth, CurrentUser, MaybeUser, SignedInIfAny } from './guards.js';
export { SessionRegistry } from './session-registry.js';
export { TokensService, type TokenPair } from './tokens.service.js';

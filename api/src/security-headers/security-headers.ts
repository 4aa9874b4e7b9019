import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/config.js';
import { inlineScriptHashes } from './inline-script-hashes.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

/** Google Identity Services' origins, as Google documents them for a CSP. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Security headers for every answer (docs/decisions/0039-security-headers.md): the PWA's pages get a CSP
 * the app runs under with no violations; /api and /uploads answers never render, so they get one that
 * allows nothing and sandboxes whatever a browser is tricked into opening. Each helmet instance is
 * built once here, not per request. `indexHtml` is the page the server sends at /; its inline scripts
 * are allowed by hash.
 */
export function securityHeaders(config: AppConfig, indexHtml: string): Middleware {
  const https = config.publicUrl.startsWith('https://');
  const google = config.googleClientId ? [GOOGLE_GSI] : [];
  const publicOrigin = new URL(config.publicUrl).origin;
  const common: HelmetOptions = {
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Google's sign-in popup talks back to the page with postMessage; "same-origin" would cut it off.
    crossOriginOpenerPolicy: { policy: config.googleClientId ? 'same-origin-allow-popups' : 'same-origin' },
  };
  const page = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(indexHtml), ...google.map((g) => `${g}client`)],
        'script-src-attr': ["'none'"],
        // Ionic's components set inline styles and inject <style> elements (docs/decisions/0039-security-headers.md).
        'style-src': ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}style`)],
        // Image URLs are answered absolute on PUBLIC_URL (docs/decisions/0038-uploaded-images.md), normally this same origin.
        'img-src': ["'self'", publicOrigin, 'data:', 'blob:'],
        'font-src': ["'self'"],
        // Card payments leave for Stripe's hosted checkout page (a navigation), so nothing of Stripe's loads here.
        'connect-src': ["'self'", ...google],
        'frame-src': google.length ? google : ["'none'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
  });
  const resourcePolicy: HelmetOptions['contentSecurityPolicy'] = {
    useDefaults: false,
    // style-src lets the browser's own viewer style an image or text opened directly.
    directives: { 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], sandbox: [], 'frame-ancestors': ["'none'"] },
  };
  const resource = helmet({ ...common, contentSecurityPolicy: resourcePolicy });
  // Uploaded images are meant to be shown by clients on other origins too (absolute URLs, CORS_ORIGINS).
  const upload = helmet({ ...common, crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: resourcePolicy });
  // The API reference (Swagger UI from node_modules): its own script and stylesheet, icons as data: URLs.
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
    },
  });
  // The build's scripts and stylesheets (/assets/*.js, *.css): a page loads them and they run under the page's policy; a
  // CSP, framing, opener and referrer rules on their own answers are read only for a document or a worker, which they
  // never are (the service worker is /sw.js, a page). nosniff and the resource policy stay. Every first visit loads about
  // eight of them, and over HTTP/1.1 the headers left off were 0.9 KB of each (docs/decisions/0039-security-headers.md).
  const asset = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: common.strictTransportSecurity,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const handler =
      path === '/api/docs' || path.startsWith('/api/docs/')
        ? docs
        : /^\/assets\/[^/]+\.(js|css)$/.test(path)
          ? asset
          : url.startsWith('/uploads/')
            ? upload
            : url.startsWith('/api/') || url === '/api'
              ? resource
              : page;
    // Helmet (since 8.1) throws rather than passing errors on, and only at construction.
    handler(req, res, () => next());
  };
}

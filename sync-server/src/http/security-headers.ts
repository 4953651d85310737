import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Middleware } from 'koa';

/**
 * The browser features the app never uses, denied to it and to anything it could be made to load.
 * Only names Chromium knows: an unknown one is reported in the console of every page.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * The one inline style the app makes: react-aria's usePress adds this `<style>` to the page's
 * head (touch-action for its pressable elements). Allowed by its hash, not by 'unsafe-inline';
 * if a react-aria upgrade changes it, e2e/security-headers.spec.ts reports the new text's hash.
 */
const REACT_ARIA_PRESSABLE_STYLE =
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}';

function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

/** Sets the security headers of one answer, before anything else writes it. */
export type SetSecurityHeaders = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The security headers of every answer, HTML and API alike (issue 21 §6), made by helmet:
 * a Content-Security-Policy that allows only this origin's scripts, styles, images, fonts,
 * workers (the service worker and the captcha's proof-of-work worker are files of the build) and
 * connections, with no inline script, no plugin, no framing and no form posting elsewhere;
 * `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, a deny-all `Permissions-Policy`.
 * With an https `publicUrl` (PUBLIC_URL) the browser is also told to use https only (HSTS, one
 * year) and to upgrade any http request; on plain http both would break a LAN or localhost
 * server, so they are left out.
 */
export function createSecurityHeaders(publicUrl: string | undefined): SetSecurityHeaders {
  const https = publicUrl?.startsWith('https:') ?? false;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", styleHash(REACT_ARIA_PRESSABLE_STYLE)],
        // blob: for the previews of claim photos kept on the device (issue 24), nothing else.
        'img-src': ["'self'", 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (request, response) => {
    // helmet calls back at once; only a directive written as a function could fail, and none is.
    headers(request, response, (error?: unknown) => {
      if (error instanceof Error) throw error;
    });
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  };
}

/** The Koa side of `createSecurityHeaders`: headers set first, so error answers carry them too. */
export function securityHeadersMiddleware(setHeaders: SetSecurityHeaders): Middleware {
  return (ctx, next) => {
    setHeaders(ctx.req, ctx.res);
    return next();
  };
}

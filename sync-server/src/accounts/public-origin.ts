import type { Context } from 'koa';
import type { AppContext } from '../app-context';

/**
 * The origin links in mail point to: PUBLIC_URL, else this server's own host and port. Never the
 * request's Host header, which a caller controls: a forged Host would put an attacker's site in
 * a victim's password-reset mail.
 */
export function publicOrigin(app: AppContext, ctx: Context): string {
  return originOnPort(app, ctx.req.socket.localPort ?? app.config.port);
}

/** The same origin for mail sent outside a request (the mail scheduler): `port` is the listening one. */
export function originOnPort(app: AppContext, port: number): string {
  if (app.config.accounts.publicUrl) return app.config.accounts.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(app.config.host) ? 'localhost' : app.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

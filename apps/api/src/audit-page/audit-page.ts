import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The page's files: plain HTML and JS modules, served as they are (no build step). */
export const AUDIT_ASSETS = join(__dirname, 'assets');

/**
 * What the page may load and call: its own files and this service, nothing from elsewhere, and it
 * may not be framed (it holds an API key).
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * GET /audit: the auditors' timeline page (issue 30). A static page outside /api/v3, so neither
 * authentication nor the keys' rate limits apply to it; the API calls it makes carry the key the
 * person enters, with that key's scopes and limits.
 */
export async function serveAuditPage(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyStatic, {
    root: AUDIT_ASSETS,
    prefix: '/audit/',
    // The OpenAPI page registers the plugin too: only one may decorate the reply.
    decorateReply: false,
    setHeaders: (reply) => {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-cache');
    },
  });
  // Relative module paths resolve under /audit/.
  fastify.get('/audit', (_request, reply) => reply.redirect('/audit/', 302));
}

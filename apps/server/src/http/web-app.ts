import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';
import type { ZodApp } from './zod-app.ts';

const NO_CACHE = 'no-cache';
// Vite puts a content hash in every file name under /assets, so a given URL never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Querent</title></head>
<body>
<h1>The web app is not built</h1>
<p>The server is running, but it found no built web app to serve. Run <code>npm run build</code>, then reload this page.</p>
</body>
</html>
`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Paths that name a file: a missing one is a 404, not a page of the single-page app. */
function isAssetPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
}

async function sendIndex(distDir: string, reply: FastifyReply): Promise<FastifyReply> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return reply
      .code(503)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(notBuiltPage);
  }
  const html = await readFile(indexFile);
  return reply.code(200).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
}

/**
 * Serves the built React app. Client-side routes (/chat/new, /query/42, ...) have no file, so
 * they fall back to index.html; /api paths never do, and answer JSON even when unknown.
 */
export async function registerWebApp(app: ZodApp, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    dotfiles: 'ignore',
    cacheControl: false,
    // The dist folder may legitimately be missing until `npm run build`; the fallback says so.
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      void reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
    },
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiPath(request.url) && !isAssetPath(request.url)) return sendIndex(distDir, reply);
    return sendNotFound(request, reply);
  });
}

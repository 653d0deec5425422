// A built site served under its base the way a static host that reads `_headers` serves it
// (Netlify, Cloudflare Pages): each file at `<base><path>`, a folder's index.html at its address,
// 404.html with status 404 for an address with no file, and the headers of every `_headers` rule
// whose path matches (a header set by two rules is joined with a comma, as Cloudflare does).
// `astro preview` serves a base too, but reads no `_headers`.
//
// For the tests, each Content-Security-Policy it sends also names a report address
// (`report-uri`, which changes what the browser reports, not what it allows): every violation,
// in a page or in a worker, reaches `reports`. Every response of 400 or more is kept in `errors`.

import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { headersFor, parseHeaders } from '../../src/deploy/headers-file.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ServedSite {
  /** The site's address, with the base: 'http://127.0.0.1:40123/learn/'. */
  url: string;
  /** The CSP violation reports received so far (the JSON bodies' `csp-report`). */
  reports: Record<string, unknown>[];
  /** Every request answered with 400 or more: 'status path'. */
  errors: string[];
  close(): Promise<void>;
}

const REPORT_PATH = '/__csp-report';

/** Serves `dir` (a build made with `--base base`) on a free loopback port. */
export async function serveSite(dir: string, base: string): Promise<ServedSite> {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`no built site in ${dir}: build it with --base ${base} first (npm run build:learn)`);
  const rules = existsSync(join(dir, '_headers')) ? parseHeaders(readFileSync(join(dir, '_headers'), 'utf8')) : [];
  const reports: Record<string, unknown>[] = [];
  const errors: string[] = [];

  const fileFor = (path: string): string | undefined => {
    if (!path.startsWith(base)) return undefined;
    const relative = normalize(decodeURIComponent(path.slice(base.length)));
    if (relative.startsWith('..')) return undefined;
    const file = join(dir, relative);
    if (existsSync(file) && statSync(file).isFile()) return file;
    if (path.endsWith('/') && existsSync(join(file, 'index.html'))) return join(file, 'index.html');
    return undefined;
  };

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site.invalid').pathname;
    if (request.method === 'POST' && path === REPORT_PATH) {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        try {
          const parsed = JSON.parse(body) as { 'csp-report'?: Record<string, unknown> };
          reports.push(parsed['csp-report'] ?? parsed);
        } catch {
          reports.push({ unreadable: body });
        }
        response.writeHead(204).end();
      });
      return;
    }
    let file = fileFor(path);
    let status = 200;
    // A folder's address without its slash: the host sends the reader to the address with it.
    if (!file && !path.endsWith('/') && fileFor(path + '/')) {
      response.writeHead(301, { location: path + '/' }).end();
      return;
    }
    if (!file) {
      status = 404;
      file = join(dir, '404.html');
      errors.push(`404 ${path}`);
    }
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    for (const [name, values] of headersFor(rules, path)) {
      headers[name] = values.join(', ');
      if (name === 'content-security-policy') headers[name] += `; report-uri ${REPORT_PATH}`;
    }
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('served-site: no port');
  return {
    url: `http://127.0.0.1:${address.port}${base}`,
    reports,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

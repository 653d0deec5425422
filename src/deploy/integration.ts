// The Astro integration that makes a build fit for its address and its host:
// - the MDX prose's root-relative links get the build's base (base-links.ts), whether the base
//   comes from astro.config.mjs or from `astro build --base /learn/`;
// - after the build, each page's policy <meta> moves to the top of its head, and `_headers`
//   (copied from public/_headers) gets the base in front of each of its paths, then the
//   Content-Security-Policy rules: the pages' policy, as Astro wrote it in their <meta>, with
//   `frame-ancestors`; and one rule per worker script with that worker's policy (csp.ts).
//
// The policy rules name the pages' folders and the workers' files one by one, rather than `/*`:
// a worker's policy comes from its own response, and a `/*` rule would also reach the worker
// scripts, where Cloudflare would join the two policies (both then apply, and the learner's worker
// could not run its code) and Netlify would keep one.

import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER_ONLY_DIRECTIVES, OTHER_WORKERS, workerPolicy } from './csp.ts';
import { formatHeaders, parseHeaders, type HeaderRule } from './headers-file.ts';
import { baseLinksPlugin } from './base-links.ts';
import { prefixBase } from '../lib/base.ts';

/** The <meta> policy of a built page, or undefined. */
export function metaPolicy(html: string): string | undefined {
  const meta = /<meta\s[^>]*http-equiv="content-security-policy"[^>]*>/i.exec(html)?.[0];
  const content = meta && /\scontent="([^"]*)"/.exec(meta)?.[1];
  return content?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/**
 * The page with its policy <meta> moved to the top of <head>, right after the charset. A <meta>
 * policy governs only what comes after it (CSP3, "The <meta> element"), and Astro writes it at the end of
 * the head, after Starlight's inline theme script.
 */
function policyFirst(html: string): string {
  const meta = /<meta\s[^>]*http-equiv="content-security-policy"[^>]*>/i.exec(html)?.[0];
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!meta || !charset) return html;
  const without = html.replace(meta, '');
  const at = without.indexOf(charset[0]) + charset[0].length;
  return without.slice(0, at) + meta + without.slice(at);
}

/** A policy's directives, each trimmed, empty ones left out ('a ;; b ;' → ['a', 'b']). */
export function directives(policy: string): string[] {
  return policy
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** The scripts a build starts as workers (`new Worker(new URL('…', import.meta.url))` once bundled). */
function workerScripts(js: string): string[] {
  return [...js.matchAll(/new Worker\(\s*new URL\(\s*(["'`])([^"'`]+)\1/g)].map((m) => m[2]!);
}

/** The addresses of the worker scripts of a build (each under the base). */
export function workersOfBuild(dir: string, base: string, files: string[]): Set<string> {
  // A worker's address as the bundle writes it: from the site's root (with the base), or relative to the chunk.
  const site = new URL(base, 'http://site.invalid');
  const bundled = files
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) =>
      workerScripts(readFileSync(join(dir, file), 'utf8')).map((url) => new URL(url, new URL(file, site)).pathname),
    );
  const others = OTHER_WORKERS.filter((file) => files.includes(file)).map((file) => prefixBase(`/${file}`, base));
  return new Set([...bundled, ...others]);
}

/** Every file the build wrote, as paths relative to the output folder. */
function builtFiles(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub)).flatMap((name) => {
    const path = sub ? `${sub}/${name}` : name;
    return statSync(join(dir, path)).isDirectory() ? builtFiles(dir, path) : [path];
  });
}

/**
 * The `_headers` of a build in `dir` served at `base`: public/_headers's rules under the base, then
 * the policy rules. Throws if the pages do not all carry the same policy (the header could not
 * match them all).
 */
function headersForBuild(dir: string, base: string): string {
  const files = builtFiles(dir);
  const pages = files.filter((file) => file.endsWith('.html'));
  const policies = new Set(pages.map((page) => metaPolicy(readFileSync(join(dir, page), 'utf8'))));
  if (policies.size !== 1 || policies.has(undefined)) {
    throw new Error(
      `course:deploy: the pages carry ${policies.size} different policies ` +
        `(${[...policies].map((p) => (p ?? 'none').slice(0, 60)).join(' | ')}); expected ` +
        `one`,
    );
  }
  const pagePolicy = directives([policies.values().next().value!, ...HEADER_ONLY_DIRECTIVES].join(';')).join('; ');

  // The pages: each HTML file at the root by its address, each folder holding pages as a whole.
  const pageRules = new Set<string>();
  for (const page of pages) {
    const [top, ...rest] = page.split('/');
    if (rest.length > 0) pageRules.add(`/${top}/*`);
    else {
      pageRules.add(`/${page}`);
      if (page === 'index.html') pageRules.add('/');
    }
  }
  const workers = workersOfBuild(dir, base, files);

  const source = join(dir, '_headers');
  const own = existsSync(source) ? parseHeaders(readFileSync(source, 'utf8')) : [];
  const blocks: { comment?: string[]; rule: HeaderRule }[] = own.map((rule) => ({
    rule: { ...rule, path: prefixBase(rule.path, base) },
  }));
  const comment = [
    'Written by the build (src/deploy/integration.ts): ' +
      "the pages' Content-Security-Policy, the same as their <meta>, plus frame-ancestors.",
  ];
  for (const path of [...pageRules].sort()) {
    blocks.push({
      comment: blocks.length === own.length ? comment : undefined,
      rule: {
        path: prefixBase(path, base),
        headers: [
          ['Content-Security-Policy', pagePolicy],
          ['Cache-Control', 'public, max-age=0, must-revalidate'],
        ],
      },
    });
  }
  const workerComment = ['Each worker script: the policy of the worker it starts (src/deploy/csp.ts).'];
  for (const [i, worker] of [...workers].sort().entries()) {
    blocks.push({
      comment: i === 0 ? workerComment : undefined,
      rule: { path: worker, headers: [['Content-Security-Policy', workerPolicy(worker.split('/').pop()!)]] },
    });
  }
  const header = [
    '# Response headers for hosts that read this file (Netlify, Cloudflare Pages); GitHub Pages does not.',
    `# Built for the base ${base}; the source of the first rules is public/_headers. See docs/deploying.md.`,
    '',
  ].join('\n');
  return header + formatHeaders(blocks);
}

/** The integration: in astro.config.mjs's `integrations`, after Starlight's (its search index must exist). */
export function courseDeploy() {
  let base = '/';
  return {
    name: 'course:deploy',
    hooks: {
      'astro:config:setup': ({
        config,
      }: {
        config: { base: string; markdown: { processor?: { name: string; options?: { hastPlugins?: unknown[] } } } };
      }) => {
        base = config.base;
        const plugin = baseLinksPlugin(base);
        if (!plugin) return;
        // As Starlight adds its own steps: to the options of the processor the config resolved to.
        const processor = config.markdown.processor;
        if (!processor?.options?.hastPlugins) {
          throw new Error(
            `course:deploy: the Markdown processor ${processor?.name ?? '(none)'} takes no ` +
              `hast plugins; the links of the pages could not get the base ${base}`,
          );
        }
        processor.options.hastPlugins.push(plugin);
      },
      'astro:build:done': ({ dir }: { dir: URL }) => {
        const out = fileURLToPath(dir);
        for (const page of builtFiles(out).filter((file) => file.endsWith('.html'))) {
          const html = readFileSync(join(out, page), 'utf8');
          const moved = policyFirst(html);
          if (moved !== html) writeFileSync(join(out, page), moved);
        }
        writeFileSync(join(out, '_headers'), headersForBuild(out, base));
      },
    },
  };
}

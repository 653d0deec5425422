// The built site at any address, under its policy: checked on both builds, dist/ (at the root of a
// host) and the one made with `--base /learn/` (npm run build:learn, test/builds.ts), no browser.
// - Every reference of every built file stays under the base and names a file of the build: in
//   HTML every href, src, srcset, action and poster, the language picker's addresses, the
//   canonical and alternate links and og:url; in CSS and in <style> every url() and @import; in
//   JavaScript and inline scripts every string that names a path of the site (a page, /_astro/,
//   /pagefind/, /fonts/…: a string that starts with one of the build's top-level names), the
//   bundler's preload list ('_astro/…') and every relative import; every address of the sitemap
//   and its alternate-language links.
//   Every #fragment names an id of its page.
// - Every page carries the policy <meta>, first in its head; `script-src` has neither
//   'unsafe-inline' nor 'unsafe-eval', and every inline script of the page has its hash there.
// - `_headers`: its paths under the base; one value per header for every file of the build (hosts
//   differ on two); every page gets the <meta>'s policy plus frame-ancestors, every worker script
//   its worker's policy, hashed assets a year's cache.
// - The 404 page: the three languages, each with its ways back to the course under the base.
// - Each Spanish and French page refers to the very same script files as its English twin (the code
//   is shared, only the strings in the HTML differ), so the JavaScript budgets measured on the
//   English pages (test/e2e/a11y.spec.ts) hold for them.
// The browser side (widgets under the policy, responses, violations) is every browser test: they run
// against dist-learn/ served under the base with its `_headers`, and a11y.spec.ts against dist/ at the
// root with its own (test/e2e/fixtures.ts).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_COMPONENTS, inlineScripts, scriptHash, workerPolicy } from '../../src/deploy/csp.ts';
import { headersFor, parseHeaders } from '../../src/deploy/headers-file.ts';
import { directives, metaPolicy, workersOfBuild } from '../../src/deploy/integration.ts';
import { LEARN, ROOT } from '../builds.ts';
import { PAGE_KIND_NAMES, pagePath } from '../pages.ts';
import { LOCALES } from '../ui-strings.ts';

// GA_CHECK_DIR, GA_CHECK_BASE and GA_CHECK_SITE name one other build to check instead: the deploy
// workflow (.github/workflows/deploy.yml) checks the build it is about to publish.
const BUILDS = process.env.GA_CHECK_DIR
  ? [
      {
        name: `under ${process.env.GA_CHECK_BASE} (${process.env.GA_CHECK_DIR}/)`,
        dir: resolve(process.env.GA_CHECK_DIR),
        base: process.env.GA_CHECK_BASE || '/',
        site: process.env.GA_CHECK_SITE || 'https://ga-course.example',
      },
    ]
  : [
      {
        name: 'at the root (dist/)',
        dir: resolve(ROOT.dir),
        base: ROOT.base,
        site: 'https://ga-course.example',
      },
      { name: `under ${LEARN.base} (${LEARN.dir}/)`, dir: resolve(LEARN.dir), base: LEARN.base, site: LEARN.site },
    ];

interface Reference {
  /** The file it is in, relative to the build. */
  file: string;
  /** What the file says. */
  raw: string;
  /** Where it points: a path with its #fragment, resolved against the file's address. */
  url: URL;
}

/** Every file of a build, relative to it. */
function filesOf(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub)).flatMap((name) => {
    const path = sub ? `${sub}/${name}` : name;
    return statSync(join(dir, path)).isDirectory() ? filesOf(dir, path) : [path];
  });
}

const decode = (text: string) =>
  text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');

/** The site paths a piece of JavaScript writes as strings: [string, whether it ends a concatenation ('…' + '/x/')]. */
function jsStrings(js: string): [string, boolean][] {
  return [...js.matchAll(/(\+\s*)?(["'`])((?:\/|_astro\/)[^"'`\s\\]*)\2/g)].map((m) => [m[3]!, m[1] !== undefined]);
}

/**
 * The modules a piece of JavaScript imports by a relative address (import, export from, new URL(…, import.meta.url)).
 */
function jsImports(js: string): string[] {
  return [
    ...js.matchAll(/(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)(["'`])(\.\.?\/[^"'`\s]+)\1/g),
    ...js.matchAll(/new URL\(\s*(["'`])(\.\.?\/[^"'`\s]+)\1\s*,\s*import\.meta\.url/g),
  ].map((m) => m[2]!);
}

/**
 * Strings of other projects' code that look like site paths and are not: Pagefind's default place
 * for its index, which its UI (bundled into _astro/ for the site's search,
 * src/components/overrides/Search.astro) uses only when given none, and the search gives it its own
 * under the base. test/e2e/lesson.spec.ts and site-chrome.spec.ts search under the base.
 */
const NOT_REFERENCES = [{ file: /^_astro\/ui-core\.[\w-]+\.js$/, text: '/pagefind/' }];

/** The url() and @import of a piece of CSS. */
function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)|@import\s+(["'])([^"']+)\3/g)].map((m) =>
    (m[2] ?? m[4])!.trim(),
  );
}

/** The references of one build, and the ids of each HTML file. */
function referencesOf(build: (typeof BUILDS)[number]) {
  const files = filesOf(build.dir);
  const tops = new Set(readdirSync(build.dir));
  const baseTop = build.base.split('/')[1];
  const origin = new URL(build.site).origin;
  const at = (file: string) => new URL(build.base + file.replace(/(^|\/)index\.html$/, '$1'), origin);
  const refs: Reference[] = [];
  const skipped = { external: 0 };
  const add = (file: string, raw: string, from: URL) => {
    const value = decode(raw.trim());
    if (!value || /^(?:data|mailto|tel|javascript|blob):/i.test(value)) return;
    const url = new URL(value, from);
    if (url.origin !== origin) {
      skipped.external++;
      return;
    }
    refs.push({ file, raw: value, url });
  };
  /** The strings and imports of a piece of JavaScript that name the site's files. */
  const addJs = (file: string, js: string, from: URL) => {
    for (const path of jsImports(js)) add(file, path, from);
    for (const [text, tail] of jsStrings(js)) {
      if (NOT_REFERENCES.some((known) => known.file.test(file) && known.text === text)) continue;
      if (text.startsWith('_astro/')) {
        add(file, build.base + text, from); // the bundler's list of chunks to preload, from the base
      } else if (!tail) {
        const first = text.split('/')[1] ?? '';
        if (first && (tops.has(first) || first === baseTop)) add(file, text, from);
      }
    }
  };
  const ids = new Map<string, Set<string>>();
  for (const file of files) {
    const from = at(file);
    if (file.endsWith('.html')) {
      let html = readFileSync(join(build.dir, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      ids.set(file, new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => decode(m[1]!))));
      for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g))
        if (!/\stype="application\/(?:ld\+)?json"/.test(m[1]!)) addJs(file, m[2]!, from);
      for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g))
        for (const url of cssUrls(m[1]!)) add(file, url, from);
      html = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
      for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)\b([^>]*)>/g)) {
        const name = tag[1]!.toLowerCase();
        const attrs = Object.fromEntries(
          [...tag[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
        );
        for (const key of ['href', 'src', 'action', 'formaction', 'poster', 'xlink:href'])
          if (attrs[key] !== undefined) add(file, attrs[key], from);
        if (attrs.srcset)
          for (const candidate of attrs.srcset.split(',')) add(file, candidate.trim().split(/\s+/)[0]!, from);
        if (name === 'option' && attrs.value?.startsWith('/')) add(file, attrs.value, from);
        if (
          name === 'meta' &&
          /^(?:og:url|og:image|twitter:image)$/.test(attrs.property ?? attrs.name ?? '') &&
          attrs.content
        )
          add(file, attrs.content, from);
        if (attrs.style) for (const url of cssUrls(decode(attrs.style))) add(file, url, from);
      }
    } else if (file.endsWith('.css')) {
      for (const url of cssUrls(readFileSync(join(build.dir, file), 'utf8'))) add(file, url, from);
    } else if (/\.m?js$/.test(file) && !file.startsWith('pagefind/')) {
      // (Pagefind's own files, written by Pagefind itself, find the rest of the index from their own address.)
      addJs(file, readFileSync(join(build.dir, file), 'utf8'), from);
    } else if (file.endsWith('.xml')) {
      for (const m of readFileSync(join(build.dir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>|\shref="([^"]+)"/g))
        add(file, (m[1] ?? m[2])!, from);
    }
  }
  return { files, refs, ids, skipped };
}

/** The file of the build a path of the site is served from (a folder's index.html for 'x/'). */
function servedFile(dir: string, base: string, pathname: string): string | undefined {
  if (!pathname.startsWith(base)) return undefined;
  const path = decodeURIComponent(pathname.slice(base.length));
  for (const candidate of [path, join(path, 'index.html')]) {
    const full = join(dir, candidate);
    if (existsSync(full) && statSync(full).isFile()) return relative(dir, full);
  }
  return undefined;
}

/** The addresses a built file answers at ('es/index.html' at 'es/' and 'es/index.html'). */
const addressesOf = (base: string, file: string) =>
  file.endsWith('index.html') ? [base + file, base + file.replace(/index\.html$/, '')] : [base + file];

for (const build of BUILDS) {
  describe(`the site built ${build.name}`, () => {
    if (!existsSync(join(build.dir, 'index.html'))) {
      it('is built', () => {
        throw new Error(`no build in ${build.dir}: run \`npm run build\` and \`npm run build:learn\` first`);
      });
      return;
    }
    const { files, refs, ids, skipped } = referencesOf(build);
    const pages = files.filter((file) => file.endsWith('.html'));

    it(
      'every reference of every built file stays under the base, names a file of the ' +
        'build, and its #fragment exists',
      () => {
        const problems: string[] = [];
        let fragments = 0;
        for (const { file, raw, url } of refs) {
          if (!url.pathname.startsWith(build.base)) {
            problems.push(`${file}: ${raw} leaves the base ${build.base}`);
            continue;
          }
          const target = servedFile(build.dir, build.base, url.pathname);
          if (!target) {
            problems.push(`${file}: ${raw} names no file of the build`);
            continue;
          }
          const id = decodeURIComponent(url.hash.slice(1));
          if (id && target.endsWith('.html')) {
            fragments++;
            if (!ids.get(target)?.has(id)) problems.push(`${file}: ${raw} (${target} has no id "${id}")`);
          }
        }
        console.log(
          `${build.name}: ${refs.length} references checked in ${files.length} files ` +
            `(${fragments} with a #fragment), ${skipped.external} external ones left out`,
        );
        expect(problems).toEqual([]);
        expect(refs.length).toBeGreaterThan(2000);
        expect(fragments).toBeGreaterThan(50);
        // the kinds of files that carry references all took part
        for (const kind of ['.html', '.css', '.js', '.xml'])
          expect(
            refs.some((ref) => ref.file.endsWith(kind)),
            kind,
          ).toBe(true);
      },
    );

    it('each Spanish and French page refers to the same script files as its English twin', () => {
      /** The script files a page refers to: script src, module preloads, imports in inline scripts. */
      const scriptsOf = (path: string) => {
        const html = readFileSync(join(build.dir, path, 'index.html'), 'utf8');
        return [...new Set(html.match(/\/_astro\/[\w.-]+\.m?js\b/g) ?? [])].sort();
      };
      for (const kind of PAGE_KIND_NAMES) {
        const english = scriptsOf(pagePath(LOCALES[0], kind));
        expect(english.length, `en ${kind}: its scripts`).toBeGreaterThan(0);
        for (const locale of LOCALES.slice(1))
          expect(scriptsOf(pagePath(locale, kind)), `${locale.code} ${kind}`).toEqual(english);
      }
    });

    it('every page carries the policy <meta> first in its head: script-src strict, every inline script hashed', () => {
      const problems: string[] = [];
      const used = new Set<string>();
      for (const page of pages) {
        const html = readFileSync(join(build.dir, page), 'utf8');
        const policy = metaPolicy(html);
        if (!policy) {
          problems.push(`${page}: no policy <meta>`);
          continue;
        }
        const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
        if (!/^<head><meta charset="[^"]*"\s*\/?><meta http-equiv="content-security-policy"/i.test(head))
          problems.push(`${page}: the policy <meta> is not first in the head`);
        const list = Object.fromEntries(directives(policy).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
        const script = list['script-src'] ?? [];
        if (script.includes("'unsafe-inline'") || script.includes("'unsafe-eval'"))
          problems.push(`${page}: script-src allows ${script.filter((s) => /unsafe-(inline|eval)/.test(s)).join(' ')}`);
        if (list['object-src']?.join(' ') !== "'none'") problems.push(`${page}: object-src is not 'none'`);
        if (list['default-src']?.join(' ') !== "'none'") problems.push(`${page}: default-src is not 'none'`);
        for (const name of ['base-uri', 'form-action', 'worker-src', 'connect-src'])
          if (!list[name]) problems.push(`${page}: no ${name}`);
        if (/\son[a-z]+="/.test(html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '')))
          problems.push(`${page}: an inline event handler (on…="…")`);
        for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
          if (/\ssrc=/.test(m[1]!) || /\stype="application\/(?:ld\+)?json"/.test(m[1]!)) continue;
          const hash = `'${scriptHash(m[2]!)}'`;
          used.add(hash);
          if (!script.includes(hash))
            problems.push(`${page}: an inline script without its hash in script-src: ${m[2]!.trim().slice(0, 80)}…`);
        }
      }
      // and no component's script is allowed that no page has
      for (const component of INLINE_SCRIPT_COMPONENTS) {
        const file = component.startsWith('./')
          ? component
          : join('node_modules', component.replace('/components/', '/dist/components/'));
        for (const text of inlineScripts(readFileSync(file, 'utf8')))
          if (!used.has(`'${scriptHash(text)}'`))
            problems.push(`${component}: a script hashed for the policy that no page carries`);
      }
      expect(problems).toEqual([]);
      expect(pages.length).toBeGreaterThanOrEqual(40);
    });

    it(
      "_headers: under the base, one value per header, the pages' policy plus frame-ancestors, " +
        'each worker its own, hashed assets cached for a year',
      () => {
        const rules = parseHeaders(readFileSync(join(build.dir, '_headers'), 'utf8'));
        const problems: string[] = rules
          .filter((rule) => !rule.path.startsWith(build.base))
          .map((rule) => `rule ${rule.path} is outside the base`);
        const js = files
          .filter((file) => file.endsWith('.js'))
          .map((file) => readFileSync(join(build.dir, file), 'utf8'));
        const workers = workersOfBuild(build.dir, build.base, files);
        const learner = js.flatMap((text) =>
          [
            ...text.matchAll(
              /new Worker\(\s*new URL\(\s*(["'`])([^"'`]+)\1[^)]*\)\s*,\s*\{[^}]*name:\s*(["'`])exercise-learner\3/g,
            ),
          ].map((m) => m[2]!),
        );
        expect(learner, "the learner's worker, started as 'exercise-learner'").toHaveLength(1);
        expect(workers.size).toBeGreaterThanOrEqual(5);
        expect(
          [...workers].some((path) => path.endsWith('/pagefind/pagefind-worker.js')),
          "Pagefind's worker",
        ).toBe(true);
        const pagePolicy = directives(
          metaPolicy(readFileSync(join(build.dir, 'index.html'), 'utf8'))! + ";frame-ancestors 'none'",
        );
        for (const file of files) {
          for (const address of addressesOf(build.base, file)) {
            const headers = headersFor(rules, address);
            for (const [name, values] of headers)
              if (values.length > 1) problems.push(`${address}: ${name} set by ${values.length} rules`);
            const one = (name: string) => headers.get(name)?.[0];
            for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy'])
              if (!one(name)) problems.push(`${address}: no ${name}`);
            const csp = one('content-security-policy');
            if (file.endsWith('.html')) {
              if (JSON.stringify(directives(csp ?? '')) !== JSON.stringify(pagePolicy))
                problems.push(`${address}: the header policy is not the page's <meta> policy plus frame-ancestors`);
              if (!/must-revalidate/.test(one('cache-control') ?? ''))
                problems.push(`${address}: the page is not revalidated`);
            } else if (workers.has(address)) {
              if (csp !== workerPolicy(file.split('/').pop()!))
                problems.push(`${address}: not its worker's policy (${csp})`);
            } else if (csp) {
              problems.push(`${address}: a policy on a file that is neither a page nor a worker`);
            }
            if (file.startsWith('_astro/') && one('cache-control') !== 'public, max-age=31536000, immutable')
              problems.push(`${address}: not cached as immutable`);
          }
        }
        // The learner's worker may build a Function from the learner's code, and reach nothing; the pages never.
        const learnerPolicy = directives(headersFor(rules, learner[0]!).get('content-security-policy')?.[0] ?? '');
        expect(learnerPolicy).toContain("script-src 'self' 'unsafe-eval'");
        expect(learnerPolicy).toContain("connect-src 'none'");
        expect(pagePolicy.flatMap((d) => d.split(' '))).not.toContain("'unsafe-eval'");
        expect(problems).toEqual([]);
      },
    );

    it(
      'the 404 page: the three languages, each with its ways back to the course under ' +
        'the base; no address of its own',
      () => {
        const document = parseHTML(readFileSync(join(build.dir, '404.html'), 'utf8')).document as unknown as Document;
        const sections = [...document.querySelectorAll('.not-found > section')];
        expect(sections.map((section) => section.getAttribute('lang'))).toEqual(['en', 'es', 'fr']);
        for (const section of sections) {
          const prefix = section.getAttribute('lang') === 'en' ? '' : `${section.getAttribute('lang')}/`;
          const links = [...section.querySelectorAll('a')].map((a) => a.getAttribute('href'));
          expect(links).toEqual([`${build.base}${prefix}`, `${build.base}${prefix}ga-ai/06-answer-on-the-wire/`]);
          expect(section.querySelector('h2')?.textContent?.trim()).toBeTruthy();
        }
        expect(document.querySelector('link[rel=canonical], link[rel=alternate], starlight-lang-select')).toBeNull();
        expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
      },
    );
  });
}

// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { exerciseVariants } from './src/exercise-engine/variants-node.ts';
import { astroCsp } from './src/deploy/csp.ts';
import { courseDeploy } from './src/deploy/integration.ts';
import { starlightLocales } from './src/lib/locales.ts';
import { exerciseContract } from './src/exercise-engine/contract-integration.ts';
import { typeServiceFiles } from './src/type-service/vite-plugin.ts';

/** Whether importing a module may do something: yes, except for lessons-code/, which only declares. */
const mayHaveSideEffects = (/** @type {string} */ id) => !/[\\/]lessons-code[\\/]/.test(id);

/**
 * The exercise checker's worker calls sucrase's transform() with one fixed set of options and never
 * asks for a source map (src/exercise-engine/transpile.ts), so its bundle leaves out the two parts of
 * sucrase that serve only those: the options' run-time validation (with ts-interface-checker) and
 * the source-map writer (with @jridgewell/gen-mapping), about 7 KB gzipped. In Node (the unit tests)
 * sucrase is whole and validates the same options.
 */
const SUCRASE_STUBS = {
  './Options': 'export function validateOptions() {}',
  './computeSourceMap':
    "export default function computeSourceMap() { throw new Error('sucrase: no source maps in this bundle'); }",
};
const sucraseWithoutExtras = {
  name: 'course:sucrase-without-extras',
  enforce: /** @type {const} */ ('pre'),
  resolveId(/** @type {string} */ id, /** @type {string | undefined} */ importer) {
    if (importer && /[\\/]sucrase[\\/]dist[\\/]esm[\\/]index\.js$/.test(importer) && Object.hasOwn(SUCRASE_STUBS, id))
      return `\0sucrase-stub:${id}`;
    return null;
  },
  load(/** @type {string} */ id) {
    return id.startsWith('\0sucrase-stub:')
      ? SUCRASE_STUBS[/** @type {keyof typeof SUCRASE_STUBS} */ (id.slice('\0sucrase-stub:'.length))]
      : null;
  },
};

export default defineConfig({
  site: 'https://ga-course.example',
  // The course's sources live at the top level: content/, src/, lessons-code/ (see README).
  srcDir: '.',
  // Parallel builds (several people or test runs at once) can each use their own folders.
  outDir: process.env.GA_OUT_DIR || './dist',
  cacheDir: process.env.GA_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'always',
  // Any base works (`astro build --base /learn/`): see src/deploy/integration.ts and docs/deploying.md.
  // Every page carries a Content-Security-Policy <meta>; the policy and why: src/deploy/csp.ts.
  security: { csp: astroCsp() },
  // No prefetching of the pages a link leads to. Starlight turns Astro's on for every link
  // (`prefetchAll`, node_modules/@astrojs/starlight/dist/index.js) unless this says otherwise; its
  // script (https://docs.astro.build/en/guides/prefetch/) walks every link of the page at load and
  // again each time a demo puts markup in the page, a long task of the lesson's load on a phone.
  prefetch: false,
  vite: {
    // An exercise's starter or solution, one variant of its exercise.ts, as a string module.
    plugins: [exerciseVariants()],
    // Workers as ES modules (every worker is created with { type: 'module' }), so that a worker can
    // load parts of itself on demand: the exercise checker loads each exercise's checks when first
    // asked (src/exercise-engine/registry-lazy.ts) instead of carrying every exercise of the course,
    // and the type checker loads TypeScript, its lib files and lessons-code's declarations
    // (src/type-service/vite-plugin.ts makes the last two from the project's files).
    worker: {
      format: 'es',
      plugins: () => [sucraseWithoutExtras, typeServiceFiles()],
      rolldownOptions: { treeshake: { moduleSideEffects: mayHaveSideEffects } },
    },
    build: {
      rolldownOptions: {
        // lessons-code/ modules only declare things: importing one runs nothing, so a page (or a
        // worker) that imports index.ts for one function never has to load the code of the others.
        treeshake: { moduleSideEffects: mayHaveSideEffects },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // lessons-code/ is imported through one index.ts, so the bundler puts every module a
              // widget uses in the chunk that every importer of index.ts loads. Two groups keep 06d's
              // replica and harnesses (lessons-code/rounds/) in a chunk of their own, which only the
              // widgets that call them load: the shared modules first (with their dependencies),
              // then rounds/ (its dependencies already taken by the first group). 06c's parsers,
              // recordings, player and policy (lessons-code/providers/) get a chunk of their own the
              // same way, so that they stay off every page but the model stream's.
              codeSplitting: {
                groups: [
                  {
                    name: 'lessons-code',
                    test: /[\\/]lessons-code[\\/](?:core|standard|lab|ga|host|program)[\\/]/,
                    priority: 2,
                  },
                  { name: 'rounds', test: /[\\/]lessons-code[\\/]rounds[\\/]/, priority: 1 },
                  { name: 'providers', test: /[\\/]lessons-code[\\/]providers[\\/]/, priority: 1 },
                ],
              },
            },
          },
        },
      },
    },
  },
  integrations: [
    // Every exercise checked against its contract before anything renders (build and dev).
    exerciseContract(),
    starlight({
      title: {
        en: 'Guitar Alchemist course',
        es: 'Curso de Guitar Alchemist',
        fr: 'Cours Guitar Alchemist',
      },
      description:
        'Follow one chatbot answer of Guitar Alchemist from the server to the screen, as server-sent events.',
      defaultLocale: 'root',
      locales: starlightLocales(),
      sidebar: [
        {
          label: 'GA and AI',
          translations: { es: 'GA e IA', fr: 'GA et IA' },
          items: [{ autogenerate: { directory: 'ga-ai' } }],
        },
      ],
      // Overrides (src/components/overrides/): theme scripts that survive full or blocked storage, a
      // language-and-theme menu on phones for pages without a sidebar, no language picker on the 404 page,
      // a search that loads Pagefind when the reader first opens it, the text's blocks given their
      // real heights once the page is idle.
      components: {
        Header: './src/components/overrides/Header.astro',
        LanguageSelect: './src/components/overrides/LanguageSelect.astro',
        MarkdownContent: './src/components/overrides/MarkdownContent.astro',
        Search: './src/components/overrides/Search.astro',
        ThemeProvider: './src/components/overrides/ThemeProvider.astro',
        ThemeSelect: './src/components/overrides/ThemeSelect.astro',
      },
      customCss: ['./src/styles/course.css', './src/demo-kit/demo-kit.css'],
      // The base in the frontmatter's links, and the 404 page's head (src/lib/route-data.ts).
      routeMiddleware: './src/lib/route-data.ts',
      // pages/404.astro replaces Starlight's 404, which spoke English only.
      disable404Route: true,
      lastUpdated: false,
      pagination: true,
    }),
    // After Starlight, so that its search index (pagefind/) is built when this writes _headers.
    courseDeploy(),
  ],
});

// The built pages, read as a browser gets them before any script runs, in each locale: language,
// the lesson's sections in order, every program-output block equal to its slice of the program's
// output and in its section, the real source files shown, the solutions collapsed, the demos in
// their sections, the "beyond the wire" page and its sidebar entry, no page over its element budget.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPECTED_OUTPUT, LOCALES, PAGE_KIND_NAMES, page, pagePath, sectionOf } from './site.ts';

const HEADINGS: Record<string, string[]> = {
  en: [
    'Where the answer goes',
    'The five rules of server-sent events',
    'The host’s stream',
    'When the answer fails',
    'Sentences',
    'Each writer with each reader',
    'Exercises',
    'Key takeaways',
    'Sources',
  ],
  es: [
    'Adónde va la respuesta',
    'Los eventos enviados por el servidor, en cinco reglas',
    'Lo que manda el host',
    'Cuando algo sale mal',
    'Cortar en frases',
    'Cada escritor con cada lector',
    'Ejercicios',
    'Lo esencial',
    'Fuentes',
  ],
  fr: [
    'Où va la réponse',
    'Cinq règles pour lire un flux d’événements',
    'Ce que l’hôte envoie',
    'Quand la réponse est une erreur',
    'Le découpage en phrases',
    'Chaque émetteur face à chaque lecteur',
    'Exercices',
    'L’essentiel',
    'Sources',
  ],
};

/**
 * The seven blocks the page shows, cut from the golden file by the lesson's rule: without the
 * `# l6` line and the blank line before each title; a block starts at each `== ` title and at
 * `joined, as the page renders it:`.
 */
function expectedBlocks(): string[] {
  const lines = EXPECTED_OUTPUT.replace(/\n$/, '').split('\n').slice(1);
  const blocks: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('== ') || line === 'joined, as the page renders it:') blocks.push([]);
    blocks[blocks.length - 1]?.push(line);
  }
  return blocks.map((block) => {
    while (block.at(-1) === '') block.pop();
    return block.join('\n');
  });
}

/** Which section (index of the h2 before it) each output block sits in. */
const BLOCK_SECTIONS = [2, 2, 3, 4, 4, 4, 5];

const headingsOf = (document: Document) =>
  [...document.querySelectorAll('.sl-markdown-content h2')].map((h) => h.textContent?.trim());

for (const locale of LOCALES) {
  describe(`the built pages (${locale.code})`, () => {
    const lesson = page(pagePath(locale, 'lesson'));
    const beyond = page(pagePath(locale, 'beyond'));

    it('each page is in its language', () => {
      for (const kind of ['landing', 'lesson', 'beyond', 'source'] as const)
        expect(page(pagePath(locale, kind)).documentElement.getAttribute('lang'), kind).toBe(locale.lang);
    });

    // The browser test (test/e2e/source-code.spec.ts) counts them again, in English, once the scripts have run.
    it('no built page has more than 1,500 elements', () => {
      for (const kind of PAGE_KIND_NAMES)
        expect(page(pagePath(locale, kind)).getElementsByTagName('*').length, kind).toBeLessThanOrEqual(1500);
    });

    it('the lesson’s sections, in order', () => {
      expect(headingsOf(lesson)).toEqual(HEADINGS[locale.code]);
    });

    it('every output block equals its slice of the program output, in the section the lesson puts it in', () => {
      const blocks = expectedBlocks();
      expect(blocks).toHaveLength(7);
      const shown = [...lesson.querySelectorAll('pre[data-output-block]')];
      expect(shown).toHaveLength(7);
      shown.forEach((block, i) => {
        expect(block.getAttribute('data-output-block')).toBe(String(i + 1));
        expect(block.textContent, `block ${i + 1}`).toBe(blocks[i]);
        expect(sectionOf(block), `block ${i + 1}`).toBe(BLOCK_SECTIONS[i]);
      });
    });

    it('the command in a terminal frame, and the real code from lessons-code/', () => {
      const terminalFrames = [...lesson.querySelectorAll('figure.source-code.shell')].filter((frame) =>
        frame.textContent?.includes('npm run lesson -- l6'),
      );
      expect(terminalFrames).toHaveLength(1);
      const captions = [...lesson.querySelectorAll('figure.source-code figcaption')].map(
        (caption) => caption.textContent ?? '',
      );
      for (const title of [
        'lessons-code/standard/parser.ts',
        'lessons-code/ga/writers.ts',
        'lessons-code/ga/chunkers.ts',
      ]) {
        expect(
          captions.filter((caption) => caption.includes(title)),
          title,
        ).toHaveLength(1);
      }
      expect(
        [...lesson.querySelectorAll('figure.source-code')].filter((block) =>
          block.textContent?.includes('export function writeGaApiEvent'),
        ),
      ).toHaveLength(1);
    });

    it('no solution stands open in the prose, and the page says the host is a replica', () => {
      // The lesson's answers to exercises 2–4 are in their workbenches' one solution disclosure,
      // collapsed (test/dist/exercises.test.ts); exercise 1's is its workbench's answer
      // (lessons-code/exercises/predict/answer.<locale>.md), shown once predicted.
      expect(lesson.querySelectorAll('.sl-markdown-content details')).toHaveLength(0);
      expect(lesson.querySelector('.sl-markdown-content')!.textContent).toContain('lessons-code/host/');
    });

    it('the host’s stream and the failure demos sit in their sections', () => {
      expect(sectionOf(lesson.querySelector('ga-host-stream-demo')!)).toBe(2);
      expect(sectionOf(lesson.querySelector('ga-failure-demo')!)).toBe(3);
    });

    it(
      '“beyond the wire”: its sidebar entry (the frontmatter’s label, the current ' +
        'page) and its three demos in sections 2, 3 and 4',
      () => {
        const mdx = readFileSync(
          new URL(
            `../../content/docs/${locale.prefix ? locale.code + '/' : ''}ga-ai/06b-beyond-the-wire.mdx`,
            import.meta.url,
          ),
          'utf8',
        );
        const label = /sidebar:\s*\n(?:\s+\w+:.*\n)*?\s+label:\s*["']?(.+?)["']?\s*$/m.exec(mdx)?.[1];
        expect(label, 'the sidebar label in the frontmatter').toBeTruthy();
        const link = beyond.querySelector(`nav a[href$="/ga-ai/06b-beyond-the-wire/"]`)!;
        expect(link.textContent?.trim()).toBe(label);
        expect(link.getAttribute('aria-current')).toBe('page');
        expect(sectionOf(beyond.querySelector('ga-cut-anywhere-demo')!)).toBe(1);
        expect(sectionOf(beyond.querySelector('ga-stop-short-demo')!)).toBe(2);
        expect(sectionOf(beyond.querySelector('ga-burst-timeline-demo')!)).toBe(3);
      },
    );
  });
}

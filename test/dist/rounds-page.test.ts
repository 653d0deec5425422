// The "one streamed call per round" page (content/docs/ga-ai/06d-one-call-per-round.mdx) as built, in each locale,
// before any script
// runs: its language and sidebar entry (after the pages before it), its sections, the program's
// output blocks equal to the l6d golden file's blocks (English in every locale, and the page says
// so), each demo in its section with a first result already rendered (figures, verdicts), the three
// exercises, and the whole files its excerpts link to.

import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { DROP2_QUESTION, HELLO_QUESTION, runLesson6d } from '../../lessons-code/index.ts';
import { englishIn, fill, uiStrings } from '../ui-strings.ts';
import { LOCALES, page, pagePath, sectionOf } from './site.ts';

/** The l6d golden file cut at its `== ` titles, as runLesson6d's blocks are. */
const GOLDEN = readFileSync(new URL('../fixtures/l6d-expected.txt', import.meta.url), 'utf8');
const goldenBlocks = GOLDEN.replace(/\n$/, '')
  .split(/\n(?=== )/)
  .slice(1)
  .map((block) => block.replace(/\n+$/, ''));

/** The word for the language the program speaks, as each page says it. */
const ENGLISH: Record<string, string> = { en: 'in English', es: 'en inglés', fr: 'en anglais' };

const mdx = (code: string) =>
  readFileSync(
    new URL(`../../content/docs/${code === 'en' ? '' : code + '/'}ga-ai/06d-one-call-per-round.mdx`, import.meta.url),
    'utf8',
  );

for (const locale of LOCALES) {
  describe(`the 06d page as built (${locale.code})`, () => {
    const document = page(pagePath(locale, 'rounds'));
    const headings = [...document.querySelectorAll('.sl-markdown-content h2')];

    it('is in its language, with nine sections', () => {
      expect(document.documentElement.getAttribute('lang')).toBe(locale.lang);
      expect(headings).toHaveLength(9);
    });

    it('its sidebar entry: the frontmatter’s label, the current page, after every page before it', () => {
      const label = /^\s+label:\s*(.+?)\s*$/m.exec(mdx(locale.code))?.[1];
      const links = [...document.querySelectorAll('nav a[href*="/ga-ai/"]')];
      const own = links.findIndex((a) => a.getAttribute('href')!.endsWith('/ga-ai/06d-one-call-per-round/'));
      expect(own).toBeGreaterThan(0);
      expect(links[own]!.textContent?.trim()).toBe(label);
      expect(links[own]!.getAttribute('aria-current')).toBe('page');
      for (const before of ['06-answer-on-the-wire', '06b-beyond-the-wire', '06c-']) {
        const at = links.findIndex((a) => a.getAttribute('href')!.includes(`/ga-ai/${before}`));
        if (before !== '06c-') expect(at, before).toBeGreaterThanOrEqual(0);
        expect(at, `${before} comes before 06d`).toBeLessThan(own);
      }
    });

    it('the program’s output blocks equal the golden file’s, and the page says they are in English', () => {
      expect(goldenBlocks).toHaveLength(8);
      const blocks = [...document.querySelectorAll('pre[data-program="l6d"]')];
      expect(blocks.map((b) => b.getAttribute('data-output-block'))).toEqual(['3', '8']);
      for (const block of blocks) {
        const n = Number(block.getAttribute('data-output-block'));
        expect(block.textContent).toBe(goldenBlocks[n - 1]);
      }
      const [costs, stop] = blocks.map((block) => sectionOf(block));
      expect([costs, stop]).toEqual([1, 4]);
      const sectionText = (index: number) =>
        [...document.querySelectorAll('.sl-markdown-content p')]
          .filter((p) => sectionOf(p) === index)
          .map((p) => p.textContent)
          .join('\n');
      expect(sectionText(1)).toContain(ENGLISH[locale.code]);
      expect(
        [...document.querySelectorAll('figure.source-code.shell')]
          .map((f) => f.textContent ?? '')
          .filter((text) => text.includes('npm run lesson -- l6d')),
      ).toHaveLength(1);
    });

    it('blocks 3 and 8 have a readable view: the figures the program prints, in the page’s language', async () => {
      const { data } = await runLesson6d();
      const strings = uiStrings(locale.code);
      const number = (n: number) => n.toLocaleString(locale.lang);
      /** The view of an output block (its selected tab's panel), parsed apart: the checks below change it. */
      const viewOf = (block: number) => {
        const figure = document.querySelector(`pre[data-output-block="${block}"]`)!.closest('figure')!;
        expect(figure.querySelector('[role=tab][aria-selected=true]')?.textContent).toBe(
          strings['course.output.tabTable'],
        );
        const panel = figure.querySelector('[role=tabpanel]:not([hidden])')!;
        expect(panel.querySelector('pre')).toBeNull();
        return parseHTML(`<!doctype html><html><body>${panel.innerHTML}</body></html>`).document as unknown as Document;
      };
      const harnesses = viewOf(3);
      const tables = [...harnesses.querySelectorAll('table')];
      expect(tables.map((table) => table.querySelector('caption [lang=en]')?.textContent)).toEqual([
        ...new Set(data.harnesses.map((row) => row.question)),
      ]);
      for (const row of data.harnesses) {
        const table = tables.find((t) => t.querySelector('caption [lang=en]')?.textContent === row.question)!;
        const cell = (figure: string) =>
          table.querySelector(`td[data-harness="${row.harness}"][data-figure="${figure}"]`)?.textContent;
        expect([cell('calls'), cell('input'), cell('output')]).toEqual(
          [row.calls, row.inputTokens, row.outputTokens].map(number),
        );
        expect(cell('first')).toBe(fill(strings['course.roundsTimeline.ms']!, { ms: number(row.firstCharacterMs!) }));
      }
      // "hello": two calls to poll then stream, one to stream every round.
      expect(data.harnesses.filter((row) => row.question === HELLO_QUESTION).map((row) => row.calls)).toEqual([2, 1]);

      const stop = viewOf(8);
      const rows = [...stop.querySelectorAll('tr[data-bill-in]')];
      expect(rows.map((row) => row.getAttribute('data-bill-in'))).toEqual(['finally', 'after-the-loop']);
      const billed = rows.map((row) => row.querySelectorAll('td')[2]!.textContent);
      expect(billed[0]).toBe(
        fill(strings['course.roundsStop.billedTokens#input_other']!, {
          input: number(data.stop[0]!.billed[0]!.inputTokens),
          output: number(data.stop[0]!.billed[0]!.outputTokens),
        }),
      );
      expect(billed[1]).toBe(strings['course.roundsStop.billedNothing']);
      expect(stop.querySelector('caption [lang=en]')?.textContent).toBe(DROP2_QUESTION);
      expect(stop.querySelector('.chat-bubble')?.textContent?.trim()).toBe(data.saved.trim());

      // Every word of the views in the page's language (the questions and the answer stay English).
      for (const view of [harnesses, stop]) {
        for (const english of view.querySelectorAll('[lang=en]')) english.remove();
        expect(englishIn(view.body.textContent ?? '', locale.code)).toEqual([]);
      }
    });

    it('each demo in its section, with a first result rendered on the server', () => {
      const timeline = document.querySelector('ga-rounds-timeline')!;
      const details = document.querySelector('ga-rounds-details')!;
      const stop = document.querySelector('ga-rounds-stop')!;
      expect([sectionOf(timeline), sectionOf(details), sectionOf(stop)]).toEqual([1, 3, 4]);
      // The simulated turns of "hello": two calls against one, a probe thrown away.
      const cell = (harness: string, figure: string) =>
        timeline.querySelector(`td[data-harness="${harness}"][data-figure="${figure}"]`)?.textContent;
      expect([cell('poll-then-stream', 'calls'), cell('stream-every-round', 'calls')]).toEqual(['2', '1']);
      expect(timeline.querySelectorAll('[data-part="track-poll-then-stream"] .rt-discarded')).toHaveLength(1);
      // The details: two calls by index, one by position; the cut answer; the usage; two paragraphs.
      expect(details.querySelectorAll('[data-part=byIndex] > li')).toHaveLength(2);
      expect(details.querySelectorAll('[data-part=byPosition] > li')).toHaveLength(1);
      expect(details.querySelector('[data-part=usage-error]')?.textContent).toContain('TypeError');
      expect(details.querySelectorAll('[data-part=bubble-joined] > p')).toHaveLength(2);
      expect(details.querySelectorAll('[role=tabpanel][hidden]')).toHaveLength(3);
      // The chat: the send button, both billing choices, no turn yet.
      expect(stop.querySelector('[data-part=send]')?.getAttribute('data-mode')).toBe('send');
      expect(stop.querySelectorAll('input[type=radio]')).toHaveLength(2);
      expect(stop.querySelectorAll('tr[data-turn]')).toHaveLength(0);
    });

    it('the three exercises, with their progress, and the excerpts’ whole files', () => {
      expect(
        [...document.querySelectorAll('[id^="exercise-"] ga-exercise')].map(
          (el) => el.closest('[id^="exercise-"]')!.id,
        ),
      ).toEqual(['exercise-rebuild-tool-calls', 'exercise-bill-in-finally', 'exercise-paragraph-between-rounds']);
      expect(sectionOf(document.querySelector('#exercise-rebuild-tool-calls')!)).toBe(6);
      const files = [...document.querySelectorAll('figure.source-code:not(.shell)')].map((f) =>
        f.getAttribute('data-source-file'),
      );
      expect(files).toEqual([
        'lessons-code/rounds/harnesses.ts',
        'lessons-code/rounds/harnesses.ts',
        'lessons-code/rounds/round-reader.ts',
        'lessons-code/rounds/harnesses.ts',
      ]);
      for (const link of document.querySelectorAll('figure.source-code figcaption a'))
        expect(link.getAttribute('href')).toMatch(
          new RegExp(`^${locale.prefix}/source/rounds/(harnesses|round-reader)/#L\\d+$`),
        );
    });
  });
}

// What an exercise's text.<locale>.json must give besides names and hints, checked with a message
// that says what to write where: each case's section of the course (`lesson`) and the hints that
// help with it (`hints`), and a sentence with its section for every diagnosis its cases.ts declares.
// The build resolves every `lesson` to a heading of its page (src/lib/lesson-sections.ts);
// test/dist/links.test.ts then finds each link's #fragment on the built page.

import { describe, expect, it } from 'vitest';
import { exerciseDefinition, exerciseText } from '../../../src/exercise-engine/registry.ts';
import { SECTION_LINK } from '../../../src/exercise-engine/exercise-schema.ts';
import { LOCALES } from '../../../src/exercise-engine/types.ts';
import { EXERCISES } from '../../exercises.ts';

/** The page a section link names, without its language. */
const pageOf = (link: string): string => link.replace(/^\/(es|fr)\//, '/').replace(/#.*$/, '');

describe('every exercise text says where the course explains each case, and which hints help', () => {
  for (const id of EXERCISES) {
    it(`${id}: each case has its section and its hints, the same in every language`, () => {
      const definition = exerciseDefinition(id)!;
      const english = exerciseText(id, 'en')!;
      const problems: string[] = [];
      for (const locale of LOCALES) {
        const text = exerciseText(id, locale)!;
        const file = `lessons-code/exercises/${id}/text.${locale}.json`;
        const total = text.hints.length;
        const used = new Set<number>();
        for (const c of definition.cases) {
          const entry = text.cases[c.id];
          if (!entry) continue; // exercises.test.ts names the missing case
          const at = `${file}: cases.${c.id}`;
          if (typeof entry.lesson !== 'string' || !SECTION_LINK[locale].test(entry.lesson))
            problems.push(
              `${at}.lesson: give the section of the course its check rests on, as ${SECTION_LINK[locale]}`,
            );
          else if (locale !== 'en' && pageOf(entry.lesson) !== pageOf(english.cases[c.id]?.lesson ?? ''))
            problems.push(`${at}.lesson: the same page as in text.en.json (${english.cases[c.id]?.lesson})`);
          const hints = entry.hints;
          if (!Array.isArray(hints) || hints.length === 0)
            problems.push(`${at}.hints: list the numbers (from 1) of the hints that help with this case`);
          else {
            for (const n of hints)
              if (!Number.isInteger(n) || n < 1 || n > total)
                problems.push(`${at}.hints: ${n} is not the number of one of the ${total} hints`);
              else used.add(n);
            if (locale !== 'en' && JSON.stringify(hints) !== JSON.stringify(english.cases[c.id]?.hints))
              problems.push(`${at}.hints: the same numbers as in text.en.json`);
          }
        }
        for (let n = 1; n <= total; n++)
          if (!used.has(n)) problems.push(`${file}: hint ${n} helps with no case (add ${n} to some case's "hints")`);
      }
      expect(problems).toEqual([]);
    });

    it(`${id}: every diagnosis its cases declare has its sentence and section in every language`, () => {
      // A diagnosis may be declared by several cases: the same mistake can show in each of them.
      const declared = [...new Set(exerciseDefinition(id)!.cases.flatMap((c) => (c.diagnoses ?? []).map((d) => d.id)))];
      const problems: string[] = [];
      for (const locale of LOCALES) {
        const text = exerciseText(id, locale)!;
        const file = `lessons-code/exercises/${id}/text.${locale}.json`;
        const written = Object.keys(text.diagnoses ?? {});
        for (const d of declared) {
          const entry = text.diagnoses?.[d];
          if (!entry) {
            problems.push(`${file}: add diagnoses.${d} { "text", "lesson" } (declared in cases.ts)`);
            continue;
          }
          if (typeof entry.text !== 'string' || entry.text.length < 20)
            problems.push(`${file}: diagnoses.${d}.text: a sentence that names the mistake`);
          if (typeof entry.lesson !== 'string' || !SECTION_LINK[locale].test(entry.lesson))
            problems.push(
              `${file}: diagnoses.${d}.lesson: the section that explains the rule, as ${SECTION_LINK[locale]}`,
            );
        }
        for (const w of written)
          if (!declared.includes(w)) problems.push(`${file}: diagnoses.${w} is declared by no case of cases.ts`);
      }
      expect(problems).toEqual([]);
    });
  }
});

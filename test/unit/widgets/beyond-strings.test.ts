// The "beyond the wire" demos' strings exist in every locale: the keys their views ask for by name
// ('cut.figures' in src/widgets/shared/cut-model.ts and the other *-model.ts files) and the keys
// they build from lessons-code's own lists (a kind of cut place, a reader, a stream, a host, a
// figure). A key missing in one language fails here, not in a learner's page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/lib/locales.ts';
import { CUT_READERS, CUT_STREAMS, DROP_READERS, DROP_STREAMS } from '../../../lessons-code/index.ts';
import { CUT_KINDS } from '../../../src/widgets/shared/cut-model.ts';
import { MODES, simulate, timelineView } from '../../../src/widgets/burst-timeline/burst-timeline-model.ts';
import { PRESETS } from '../../../src/widgets/stop-short/stop-short-model.ts';
import { formBase } from '../../../src/demo-kit/format.ts';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const VIEWS = [
  'widgets/shared/cut-model.ts',
  'widgets/burst-timeline/burst-timeline-model.ts',
  'widgets/stop-short/stop-short-model.ts',
];

// A key exists as a plain string or as plural forms (key_one, key#name_one…: src/demo-kit/format.ts).
const exists = (table: Record<string, string>, key: string) =>
  `course.${key}` in table || Object.keys(table).some((full) => formBase(full) === `course.${key}`);

/** Every key the views and scripts build from a list. */
const built = [
  ...CUT_KINDS.flatMap((kind) => [`cut.place.${kind}`, `cut.kind.${kind}`]),
  ...CUT_READERS.map((reader) => `cut.what.${reader.id}`),
  ...CUT_STREAMS.map((stream) => `cut.stream.${stream.id}`),
  ...MODES.flatMap((mode) => [`burst.${mode}Title`, `burst.${mode}Note`]),
  ...['first', 'deltas', 'paints', 'cancelled', 'prefixes', 'final'].map((stat) => `burst.term.${stat}`),
  ...['routing', 'text', 'done', 'error'].map((kind) => `burst.event.${kind}`),
  ...['wait', 'headers', 'read', 'paint-timer', 'paint-final'].map((kind) => `burst.legend.${kind}`),
  ...DROP_READERS.map((reader) => `names.reader.${reader.id}`),
  ...DROP_STREAMS.map((stream) => `stopShort.stream.${stream.id}`),
  ...PRESETS.map((preset) => `stopShort.preset.${preset}`),
  ...['complete', 'truncated', 'failed'].map((status) => `stopShort.status.${status}`),
  // ByteCut.astro and TimeChart.astro build their keys from the demo's name
  ...['cut', 'stopShort'].flatMap((name) => ['stream', 'slider', 'byte'].map((key) => `${name}.${key}`)),
  ...['chartName', 'axis'].map((key) => `burst.${key}`),
];

describe('the beyond-the-wire demos’ strings', () => {
  // Every quoted key of a demo's or the shared strings, wherever it stands (a call, a ternary).
  const named = VIEWS.flatMap((file) =>
    [
      ...readFileSync(new URL(`../../../src/${file}`, import.meta.url), 'utf8').matchAll(
        /'((?:cut|stopShort|burst|names|verdict|count|demo|output)\.[\w.]+)'/g,
      ),
    ].map((m) => m[1]!),
  );

  it('the views name their keys', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  for (const locale of LOCALES) {
    it(`${locale}: every key a view names or builds exists`, () => {
      const table = read(locale);
      expect([...named, ...built].filter((key) => !exists(table, key))).toEqual([]);
    });
  }
});

describe('the timeline’s view asks only for strings that exist', () => {
  it('every stat of both hosts has its term', async () => {
    const view = timelineView(await simulate(250), (key) => key, 'en');
    const table = read('en');
    for (const host of view.hosts)
      for (const stat of host.stats) expect(exists(table, `burst.term.${stat.key}`), stat.key).toBe(true);
  });
});

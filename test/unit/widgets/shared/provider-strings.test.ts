// The 06c demos' strings exist in every locale: the keys src/widgets/shared/provider-model.ts names, and the keys
// the view and the player's script build from lessons-code's lists (a recording choice, a pace, a
// route, a kind of cut place, an ending, the status line of each ending). A key missing in one language fails here, not
// in a page.
// Also: the bytes layer's word for a body that ends inside a character (unfinishedTail).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../src/lib/locales.ts';
import { ENDING_KINDS, PROVIDERS, SENTENCE_POLICIES, splitReads } from '../../../../lessons-code/index.ts';
import { CUT_KINDS } from '../../../../src/widgets/shared/cut-model.ts';
import {
  PACES,
  ROUTE_KINDS,
  keyOf,
  playerSource,
  readView,
  recordingChoices,
  unfinishedTail,
} from '../../../../src/widgets/shared/provider-model.ts';
import { formBase } from '../../../../src/demo-kit/format.ts';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
// A key exists as a plain string or as plural forms (key_one, key#name_one…: src/demo-kit/format.ts).
const exists = (table: Record<string, string>, key: string) =>
  `course.${key}` in table || Object.keys(table).some((full) => formBase(full) === `course.${key}`);
const policyKey = { 'every-delta': 'everyDelta', sentences: 'sentences', flagged: 'flagged' } as const;

const built = [
  ...PROVIDERS.flatMap((provider) => recordingChoices(provider).map((choice) => `providers.recording.${choice.key}`)),
  ...Object.keys(PACES).map((pace) => `providers.pace.${pace}`),
  ...ROUTE_KINDS.map((kind) => `providers.route.${keyOf(kind)}`),
  ...SENTENCE_POLICIES.map((policy) => `providers.policy.${policyKey[policy]}`),
  ...CUT_KINDS.flatMap((kind) => [`cut.place.${kind}`, `cut.kind.${kind}`]),
  'providerCut.place.event',
  'providerCut.kind.event',
  ...ENDING_KINDS.map((ending) => `providerCut.ending.${keyOf(ending)}`),
  // The status line says each ending in its own words; the notice of the ones that are not kept.
  ...['complete', 'tokenLimit', 'refused', 'failed', 'cut', 'lookedClosed'].map((state) => `providers.state.${state}`),
  ...['answer', 'reasoning'].map((channel) => `providerCut.diff.${channel}`),
];

describe('the model’s stream demos’ strings', () => {
  const named = [
    ...readFileSync(new URL('../../../../src/widgets/shared/provider-model.ts', import.meta.url), 'utf8').matchAll(
      /'((?:providers|providerCut|cut)\.[\w.]+)'/g,
    ),
  ].map((m) => m[1]!);

  it('the view names its keys', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  for (const locale of LOCALES) {
    it(`${locale}: every key the view names or builds exists`, () => {
      const table = read(locale);
      expect([...named, ...built].filter((key) => !exists(table, key))).toEqual([]);
    });
  }
});

describe('the bytes layer: a body that ends inside a character', () => {
  const bytes = (text: string, drop: number) => {
    const whole = new TextEncoder().encode(text);
    return whole.subarray(0, whole.length - drop);
  };

  it('counts the bytes of a character whose last bytes never came', () => {
    expect(unfinishedTail(bytes('G♯', 1))).toBe(2); // ♯ is E2 99 AF
    expect(unfinishedTail(bytes('G♯', 2))).toBe(1);
    expect(unfinishedTail(bytes('¡Olé! 🎸', 1))).toBe(3);
    expect(unfinishedTail(bytes('soleá', 1))).toBe(1);
  });

  it('is 0 for a body that ends on a whole character, or an empty one', () => {
    for (const text of ['G♯', '🎸', 'soleá', 'data: {}\n\n', '']) expect(unfinishedTail(bytes(text, 0))).toBe(0);
  });

  it('the truncated recordings end two bytes into a three-byte character', () => {
    for (const provider of PROVIDERS) {
      const source = playerSource(`${provider}:cut`);
      expect(unfinishedTail(source.bytes)).toBe(2);
      const reads = splitReads(provider, source.bytes, 'event');
      expect(readView(source, reads, reads.length - 1, (key, vars) => `${key} ${JSON.stringify(vars)}`).split).toBe(
        'providers.bytes.endsInside {"before":2}',
      );
    }
  });
});

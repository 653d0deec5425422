// The 06c demos' view of lessons-code's provider layers, for the server (the first view, rendered
// into the page) and the browser (every later state): which recordings the player offers, how a
// read, an event and the end of a turn are said, and one cut of a recording against one read.
// Every word is a UI string: `tr` looks keys up without their `course.` prefix (src/demo-kit/format.ts).

import {
  PROVIDER_CUT_READERS,
  PROVIDERS,
  cutContext,
  cutProviderRecording,
  describeProviderCut,
  endRecording,
  failRecording,
  firstDifference,
  recordingById,
  sameEnding,
  truncateRecording,
  type CutContext,
  type EndingKind,
  type Provider,
  type ProviderCutPlace,
  type ProviderRecording,
  type ProviderRoute,
  type ProviderStreamResult,
  type ReadSize,
  type RecordingId,
  type TurnEnding,
} from '../../../lessons-code/index.ts';
import { cutWords, describePlace } from './cut-model.ts';
import type { Vars } from '../../demo-kit/format.ts';
import { visible } from '../../demo-kit/visible.ts';

export type Tr = (key: string, vars?: Vars) => string;

/** The providers' names: brands, the same in every language. */
export const PROVIDER_NAMES: Readonly<Record<Provider, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
};
export { PROVIDERS };

/** Where a provider's closing event is documented (the page links the same references). */
export const CLOSING_EVENT: Readonly<Record<Provider, string>> = {
  openai: 'response.completed',
  anthropic: 'message_stop',
  gemini: 'finishReason',
};

// ---- The player ---------------------------------------------------------------------------------

/**
 * A recording the player offers: its id, then `:cut` for its truncated copy, or the copy that ends
 * another way: `:failed`, `:limit` (the output token limit), `:refused`. `key` names its label,
 * `providers.recording.<key>`.
 */
export interface RecordingChoice {
  value: string;
  key:
    | 'complete'
    | 'truncated'
    | 'failed'
    | 'tokenLimit'
    | 'refused'
    | 'dataOnly'
    | 'dataOnlyTruncated'
    | 'repeatedFinish'
    | 'repeatedFinishTruncated';
}

const VARIANT: Partial<Record<Provider, { id: RecordingId; key: 'dataOnly' | 'repeatedFinish' }>> = {
  openai: { id: 'openai-data-only', key: 'dataOnly' },
  gemini: { id: 'gemini-repeated-finish', key: 'repeatedFinish' },
};

export function recordingChoices(provider: Provider): RecordingChoice[] {
  const choices: RecordingChoice[] = [
    { value: provider, key: 'complete' },
    { value: `${provider}:cut`, key: 'truncated' },
    { value: `${provider}:failed`, key: 'failed' },
    { value: `${provider}:limit`, key: 'tokenLimit' },
    { value: `${provider}:refused`, key: 'refused' },
  ];
  const variant = VARIANT[provider];
  if (variant)
    choices.push(
      { value: variant.id, key: variant.key },
      { value: `${variant.id}:cut`, key: `${variant.key}Truncated` },
    );
  return choices;
}

/** Which copy of a recording the player plays: the whole recording, or a copy that ends another way. */
export type RecordingCopy = 'whole' | 'cut' | 'failed' | 'limit' | 'refused';
const COPIES: readonly RecordingCopy[] = ['cut', 'failed', 'limit', 'refused'];

/** What the player plays: a recording, whole or one of its copies. */
export interface PlayerSource {
  value: string;
  provider: Provider;
  recording: ProviderRecording;
  bytes: Uint8Array;
  copy: RecordingCopy;
  /** The Gemini variant whose every chunk carries finishReason: a cut cannot be seen. */
  repeatedFinish: boolean;
}

const sources = new Map<string, PlayerSource>();

function copyBytes(recording: ProviderRecording, copy: RecordingCopy): Uint8Array {
  switch (copy) {
    case 'whole':
      return recording.bytes;
    case 'cut':
      return truncateRecording(recording).bytes;
    case 'failed':
      return failRecording(recording).bytes;
    case 'limit':
      return endRecording(recording, 'token-limit').bytes;
    case 'refused':
      return endRecording(recording, 'refused').bytes;
  }
}

export function playerSource(value: string): PlayerSource {
  let source = sources.get(value);
  if (source) return source;
  const [id, suffix] = value.split(':');
  let recording: ProviderRecording;
  try {
    recording = recordingById(id as RecordingId);
  } catch {
    recording = recordingById('openai');
  }
  // The variants have a cut copy only; the providers' own recordings have every copy.
  const offered = recording.id === recording.provider ? COPIES : ['cut'];
  const copy: RecordingCopy = offered.includes(suffix as RecordingCopy) ? (suffix as RecordingCopy) : 'whole';
  source = {
    value: copy === 'whole' ? recording.id : `${recording.id}:${copy}`,
    provider: recording.provider,
    recording,
    bytes: copyBytes(recording, copy),
    copy,
    repeatedFinish: recording.id === 'gemini-repeated-finish',
  };
  sources.set(value, source);
  return source;
}

/** The read sizes the player offers: one read per event, or reads of 64 or 7 bytes. */
export const READ_SIZES: readonly ReadSize[] = ['event', 64, 7];
export const readSizeOf = (value: string): ReadSize => (value === 'event' ? 'event' : Math.max(1, Number(value) || 64));

/** The pauses between two reads, in milliseconds. */
export const PACES = { slow: 900, normal: 300, fast: 50 } as const;
export type Pace = keyof typeof PACES;

export const ROUTE_KINDS = ['answer', 'reasoning', 'refusal', 'stop-reason', 'closing', 'failure', 'ignored'] as const;

/** A UI string's key part for a kind written with a hyphen (`stop-reason` → `stopReason`). */
export const keyOf = (kind: string): string => kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** The line under the choices: the recording's bytes and its reads. */
export function sourceFigures(source: PlayerSource, reads: number, tr: Tr): string {
  const bytes = tr('count.bytes', { count: source.bytes.length }); // "1,234 bytes", the noun agreeing
  return tr('providers.figures', { count: reads, bytes, api: source.recording.api });
}

export function progressText(at: number, total: number, tr: Tr): string {
  return tr('providers.progress', { at, total });
}

/** The bytes layer for one read: its size, its last bytes in hex, and a character it ends inside. */
export function readView(
  source: PlayerSource,
  reads: readonly Uint8Array[],
  index: number,
  tr: Tr,
): { line: string; hex: string; split: string } {
  const read = reads[index]!;
  let end = 0;
  for (let i = 0; i <= index; i++) end += reads[i]!.length;
  const place = end < source.bytes.length ? describeProviderCut(source.bytes, end) : null;
  const tail = read.subarray(Math.max(0, read.length - 12));
  const hex = Array.from(tail, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  const unfinished = end === source.bytes.length ? unfinishedTail(source.bytes) : 0;
  const split =
    place?.kind === 'char'
      ? tr('providers.bytes.split', {
          char: place.char ?? '',
          before: place.bytesBefore ?? 0,
          size: tr('count.bytes', { count: place.charBytes ?? 0 }),
        })
      : unfinished > 0
        ? tr('providers.bytes.endsInside', { before: unfinished })
        : '';
  return {
    line: tr('providers.bytes.read', { at: index + 1, total: reads.length, count: read.length }),
    hex: (read.length > tail.length ? '… ' : '') + hex,
    split,
  };
}

/** How many bytes of a character whose last bytes are missing end `bytes` (0 when it ends on a whole character). */
export function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: the lead is further back
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return back < size ? back : 0;
  }
  return 0;
}

/** An event as the events layer lists it: what it was (code) and where its pieces went. */
export function eventView(routes: readonly ProviderRoute[]): { name: string; kinds: (typeof ROUTE_KINDS)[number][] } {
  const names = [...new Set(routes.map((route) => route.name))];
  const kinds = [...new Set(routes.map((route) => route.kind))];
  return { name: names.join(' + '), kinds };
}

/**
 * The provider's own words about how the turn ended: a failure's message, OpenAI's refusal text, the explanation in
 * Anthropic's `stop_details` ('' when it sent none, or for a cut).
 */
export function providerWords(ending: TurnEnding): string {
  return ending.kind === 'failed' || ending.kind === 'refused' ? ending.message : '';
}

/**
 * Which event said how the turn ended, and the provider's reason (code: never translated), e.g. "message_stop,
 * max_tokens".
 */
export function verdictName(ending: TurnEnding): string {
  if (ending.kind === 'cut') return '';
  return ending.reason === '' ? ending.event : `${ending.event}, ${ending.reason}`;
}

/** What the status line says once the body has ended, and the state the demo takes: the ending's kind. */
export function endView(
  result: ProviderStreamResult,
  source: PlayerSource,
  tr: Tr,
): { state: EndingKind; say: string } {
  const { ending } = result;
  const event = verdictName(ending);
  switch (ending.kind) {
    case 'complete':
      return {
        state: 'complete',
        say: tr(source.repeatedFinish ? 'providers.state.lookedClosed' : 'providers.state.complete', { event }),
      };
    case 'token-limit':
      return { state: 'token-limit', say: tr('providers.state.tokenLimit', { event }) };
    case 'refused':
      return { state: 'refused', say: tr('providers.state.refused', { event }) };
    case 'failed':
      return { state: 'failed', say: tr('providers.state.failed', { event }) };
    case 'cut':
      return { state: 'cut', say: tr('providers.state.cut') };
  }
}

// ---- Cut anywhere --------------------------------------------------------------------------------

/** The recordings the cut demo cuts: one per provider. */
export const CUT_RECORDINGS: readonly RecordingId[] = PROVIDERS;

/** Where the slider starts: inside the ♯ of "G♯ and" in OpenAI's answer, a cut that breaks the naive layer. */
export function firstProviderCut(recording: ProviderRecording): number {
  const text = recording.text;
  const at = text.indexOf('G♯ and');
  return new TextEncoder().encode(text.slice(0, at + 1)).length + 2;
}

/** A cut place in words (the kinds of lab/stream-cuts.ts reuse 06b's strings; `event` is this page's). */
export function describeProviderPlace(place: ProviderCutPlace, tr: Tr): string {
  if (place.kind === 'event') return tr('providerCut.place.event', { event: place.event });
  return describePlace({ ...place, kind: place.kind }, tr);
}

export const kindLabel = (kind: string, tr: Tr): string =>
  tr(kind === 'event' ? 'providerCut.kind.event' : `cut.kind.${kind}`);

export interface ProviderCutRow {
  id: 'standard' | 'decodeEach';
  /** What the layer is: code, never translated. */
  label: string;
  same: boolean;
  verdict: string;
  detail: string;
  uncut: string;
}

export interface ProviderCutView {
  recording: RecordingId;
  at: number;
  n: number;
  kind: ProviderCutPlace['kind'];
  cutAt: string;
  place: string;
  valueText: string;
  context: CutContext;
  rows: ProviderCutRow[];
  say: string;
}

const endingWord = (result: ProviderStreamResult, tr: Tr) => tr(`providerCut.ending.${keyOf(result.ending.kind)}`);

function differences(uncut: ProviderStreamResult, cut: ProviderStreamResult, tr: Tr): string {
  const parts: string[] = [];
  for (const channel of ['answer', 'reasoning'] as const) {
    const diff = firstDifference(uncut[channel], cut[channel], 14);
    if (diff)
      parts.push(
        tr(`providerCut.diff.${channel}`, { at: diff.at, expected: visible(diff.expected), got: visible(diff.got) }),
      );
  }
  if (!sameEnding(uncut.ending, cut.ending)) {
    // The same kind said differently (another event, reason or message): the names tell them apart.
    const named = uncut.ending.kind === cut.ending.kind;
    const word = (result: ProviderStreamResult) =>
      named ? `${endingWord(result, tr)} (${verdictName(result.ending) || '—'})` : endingWord(result, tr);
    parts.push(tr('providerCut.diff.ending', { expected: word(uncut), got: word(cut) }));
  }
  return parts.join(' ');
}

/** Everything the cut demo shows for the cut after byte `at` of a recording. */
export function providerCutView(id: RecordingId, at: number, tr: Tr): ProviderCutView {
  const recording = recordingById(id);
  const n = recording.bytes.length;
  const rows = PROVIDER_CUT_READERS.map((reader): ProviderCutRow => {
    const result = cutProviderRecording(recording, at, reader);
    return {
      id: reader.id,
      label: reader.label,
      same: result.same,
      verdict: tr(result.same ? 'providerCut.same' : 'providerCut.changed'),
      detail: result.same ? '' : differences(result.uncut, result.cut, tr),
      uncut: tr('providerCut.uncut', {
        answer: tr('count.chars', { count: [...result.uncut.answer].length }),
        reasoning: tr('count.chars', { count: [...result.uncut.reasoning].length }),
        ending: endingWord(result.uncut, tr),
      }),
    };
  });
  const cut = Math.max(0, Math.min(n, Number.isFinite(at) ? Math.trunc(at) : 0));
  const place = describeProviderCut(recording.bytes, cut);
  const placeText = describeProviderPlace(place, tr);
  const changed = rows.filter((row) => !row.same).length;
  return {
    recording: id,
    at: cut,
    n,
    kind: place.kind,
    ...cutWords(cut, n, placeText, tr),
    context: cutContext(recording.bytes, cut, 14),
    rows,
    say: tr('providerCut.announce', { count: changed }),
  };
}

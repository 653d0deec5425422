// The reader playground's example streams: GA's bytes, so the same in every locale. The first one
// is the voicing stream as the in-page host sends it, taken at build time (the page ships it in the
// box, and its Reset button takes it back from there).

import {
  IMPROVISATION_ANSWER,
  STREAM_PATH,
  VOICING_QUESTION,
  createInPageHost,
  splitPinned,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
} from '../../../lessons-code/index.ts';
import type { KeysUnder } from '../../lib/ui-keys.ts';

/**
 * The presets after the first (the voicing stream, hostVoicingStream), in the buttons' order: each
 * one's label is the UI string course.playground.preset.<name>.
 */
export const PLAYGROUND_PRESET_NAMES = [
  'gaapiChunk',
  'ex1GaChatbot',
  'ex1GaApi',
  'crOnly',
  'mixed',
] as const satisfies readonly KeysUnder<'playground.preset'>[];

/** Those presets' streams, by name. */
export const PLAYGROUND_PRESETS: Readonly<Record<string, string>> = {
  gaapiChunk: writeGaApiEvent(splitPinned(IMPROVISATION_ANSWER)[0]!),
  ex1GaChatbot: writeGaChatbotEvent('a\r\nb'),
  ex1GaApi: writeGaApiEvent('a\r\nb'),
  crOnly: streamOf(writeGaChatbotEvent, [
    'Found 2 voicings matching chord Cmaj7:\n\n- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)',
  ]).replaceAll('\n', '\r'),
  mixed:
    ': keep-alive\nevent: chord\nid: 42\nretry: 3000\nmood: calm\ndata: Am – F – C – G\ndata: for each chord\n\nAm\n' +
    'data: no blank line ends this event\ndata: [DONE]',
} satisfies Record<(typeof PLAYGROUND_PRESET_NAMES)[number], string>;

/** The stream the in-page host sends for the voicing question: the routing event, one text event, [DONE]. */
export async function hostVoicingStream(): Promise<string> {
  const fetchHost = createInPageHost();
  const response = await fetchHost(STREAM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: VOICING_QUESTION }),
  });
  return response.text();
}

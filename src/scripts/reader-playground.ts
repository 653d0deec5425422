// The reader playground: a raw stream the learner edits, CR and LF included, read by the course's
// standard reader in the worker; every line shows the rule that applied to it, then the events.

import {
  IMPROVISATION_ANSWER,
  STREAM_PATH,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  splitPinned,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
} from '../../lessons-code/index.ts';
import { compute, ComputeTimeout, debounce } from './compute.ts';
import { boxToText, CR_SIGN, insertAtCaret, keepPastedCRs, textToBox } from './cr-box.ts';
import { readLabels } from './labels.ts';
import { el, moreNotes, renderEvents, renderLines } from './trace-view.ts';

/** The streams the presets put in the box: GA's bytes, so the same in every locale. */
export const PLAYGROUND_PRESETS: Record<string, string> = {
  // Replaced at mount by the in-page host's own bytes (its routing event carries a fresh trace).
  voicing:
    writeGaChatbotEvent('{"type":"routing","agentId":"voicing","confidence":0.92,"routingMethod":"deterministic-voicing-guard"}') +
    streamOf(writeGaChatbotEvent, splitPinned(VOICING_ANSWER)),
  gaapiChunk: writeGaApiEvent(splitPinned(IMPROVISATION_ANSWER)[0]!),
  ex1GaChatbot: writeGaChatbotEvent('a\r\nb'),
  ex1GaApi: writeGaApiEvent('a\r\nb'),
  crOnly: streamOf(writeGaChatbotEvent, ['Found 2 voicings matching chord Cmaj7:\n\n- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)']).replaceAll('\n', '\r'),
  mixed:
    ': keep-alive\nevent: chord\nid: 42\nretry: 3000\nmood: calm\ndata: Am – F – C – G\ndata: for each chord\n\nAm\n' +
    'data: no blank line ends this event\ndata: [DONE]',
};

/** The stream the in-page host sends for the voicing question: the routing event, one text event, [DONE]. */
async function hostVoicingStream(): Promise<string> {
  // A trace id from getRandomValues: randomUUID exists only on secure origins.
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const fetchHost = createInPageHost({ newId });
  const response = await fetchHost(STREAM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: VOICING_QUESTION }),
  });
  return response.text();
}

export async function mount(host: HTMLElement): Promise<void> {
  const t = readLabels(host);
  const id = Math.random().toString(36).slice(2, 8);
  host.insertAdjacentHTML(
    'afterbegin',
    `<div class="pg">
      <div class="row pg-presets" role="group"></div>
      <label class="pg-label" for="pg-stream-${id}"></label>
      <p class="note pg-help" id="pg-help-${id}"></p>
      <textarea id="pg-stream-${id}" class="pg-stream" spellcheck="false" autocomplete="off" rows="9" aria-describedby="pg-help-${id}"></textarea>
      <div class="row pg-insert" role="group"></div>
      <p class="mono pg-summary" data-testid="summary"></p>
      <p class="sr-only" aria-live="polite" data-live></p>
      <div class="pg-results">
        <div>
          <h4 class="pg-title" id="pg-lines-${id}"></h4>
          <div class="tl-scroll" tabindex="0" role="region" aria-labelledby="pg-lines-${id}">
            <ol class="tl-lines" data-testid="lines"></ol>
          </div>
          <p class="note" data-more-lines></p>
        </div>
        <div>
          <h4 class="pg-title" id="pg-events-${id}"></h4>
          <div class="tl-scroll" tabindex="0" role="region" aria-labelledby="pg-events-${id}">
            <ol class="tl-events" data-testid="events"></ol>
          </div>
          <p class="note" data-more-events></p>
        </div>
      </div>
    </div>`,
  );
  const q = <E extends HTMLElement>(selector: string) => host.querySelector<E>(selector)!;
  const presets = q<HTMLElement>('.pg-presets');
  const box = q<HTMLTextAreaElement>('textarea');
  const insertGroup = q<HTMLElement>('.pg-insert');
  const summary = q<HTMLElement>('.pg-summary');
  const live = q<HTMLElement>('[data-live]');
  const lineList = q<HTMLElement>('.tl-lines');
  const eventList = q<HTMLElement>('.tl-events');
  const moreLines = q<HTMLElement>('[data-more-lines]');
  const moreEvents = q<HTMLElement>('[data-more-events]');
  presets.setAttribute('aria-label', t('presets'));
  insertGroup.setAttribute('aria-label', t('insertGroup'));
  q<HTMLElement>('.pg-label').textContent = t('stream');
  q<HTMLElement>('.pg-help').textContent = t('streamHelp', { cr: CR_SIGN });
  q<HTMLElement>(`#pg-lines-${id}`).textContent = t('lines');
  q<HTMLElement>(`#pg-events-${id}`).textContent = t('events');

  // Line ends by button (the caret and the focus stay in the box) and by key.
  const inserts: [string, string, string][] = [
    ['insertCR', CR_SIGN, 'Shift+Enter'],
    ['insertLF', '\n', 'Enter'],
    ['insertCRLF', CR_SIGN + '\n', 'Control+Enter'],
  ];
  for (const [key, text, shortcut] of inserts) {
    const button = el('button', undefined, t(key));
    button.type = 'button';
    button.dataset.insert = key;
    button.setAttribute('aria-keyshortcuts', shortcut);
    button.addEventListener('mousedown', (event) => event.preventDefault()); // the box keeps focus and selection
    button.addEventListener('click', () => insertAtCaret(box, text));
    insertGroup.append(button);
  }
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.altKey || event.isComposing) return;
    if (event.shiftKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      insertAtCaret(box, CR_SIGN);
    } else if ((event.ctrlKey || event.metaKey) && !event.shiftKey) {
      event.preventDefault();
      insertAtCaret(box, CR_SIGN + '\n');
    }
  });
  keepPastedCRs(box);

  const buttons: HTMLButtonElement[] = [];
  for (const key of Object.keys(PLAYGROUND_PRESETS)) {
    const button = el('button', undefined, t(`preset.${key}`));
    button.type = 'button';
    button.dataset.preset = key;
    button.setAttribute('aria-pressed', String(key === 'voicing'));
    button.addEventListener('click', () => {
      box.value = textToBox(PLAYGROUND_PRESETS[key]!);
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      void run();
    });
    buttons.push(button);
    presets.append(button);
  }

  let generation = 0;
  const run = async () => {
    const mine = ++generation;
    const stream = boxToText(box.value);
    host.setAttribute('aria-busy', 'true');
    try {
      const result = await compute({ op: 'trace', stream });
      if (mine !== generation) return; // a newer edit is on its way
      renderLines(lineList, result, t);
      renderEvents(eventList, result, t);
      const more = moreNotes(result, t);
      moreLines.textContent = more.lines;
      moreEvents.textContent = more.events;
      let text = t('summary', { lines: result.lineCount, events: result.eventCount });
      if (result.discardedLines > 0) text += ' ' + t('discardedSummary', { n: result.discardedLines });
      if (result.bom) text += ' ' + t('bom');
      summary.textContent = text;
      live.textContent = text;
    } catch (error) {
      if (mine !== generation) return;
      const message = error instanceof ComputeTimeout ? t('tooSlow') : t('failed', { message: (error as Error).message });
      lineList.replaceChildren();
      eventList.replaceChildren();
      moreLines.textContent = '';
      moreEvents.textContent = '';
      summary.textContent = message;
      live.textContent = message;
    } finally {
      if (mine === generation) host.removeAttribute('aria-busy');
    }
  };
  const update = debounce(run, 150);
  box.addEventListener('input', () => {
    for (const b of buttons) b.setAttribute('aria-pressed', 'false');
    update();
  });

  // First view: the voicing stream as the in-page host sends it.
  try {
    PLAYGROUND_PRESETS.voicing = await hostVoicingStream();
  } catch (error) {
    console.warn('the in-page host did not answer; the playground uses its own copy of the stream', error);
  }
  // The learner may have typed while the host answered: never overwrite that.
  if (box.value === '') box.value = textToBox(PLAYGROUND_PRESETS.voicing!);
  await run();
}

// The reader playground's behaviour (its markup: ReaderPlayground.astro): a raw stream the learner
// edits, CR and LF included, read by the course's standard reader in the demo's worker; every line
// shows the rule that applied to it, then the events.

import { PLAYGROUND_PRESETS } from './playground-presets.ts';
import { createComputer } from '../shared/computer.ts';
import { createRunner, debounce, demo, part } from '../../demo-kit/kit-client.ts';
import { boxToText, CR_SIGN, fastPaste, insertAtCaret, textToBox } from '../../demo-kit/textbox.ts';
import { moreNotes, renderEvents, renderLines } from '../shared/trace-render.ts';

/** What each insert button and its key put in the box: CR is shown as ␍, so ␍ then LF is a CRLF. */
const INSERTS: Record<string, string> = { insertCR: CR_SIGN, insertLF: '\n', insertCRLF: CR_SIGN + '\n' };

export const mount = demo('playground', ({ host, s, t }) => {
  const box = part<HTMLTextAreaElement>(host, 'stream');
  const lines = part(host, 'lines');
  const events = part(host, 'events');
  const moreLines = part(host, 'more-lines');
  const moreEvents = part(host, 'more-events');
  const presets = [...host.querySelectorAll<HTMLButtonElement>('button[data-preset]')];
  const computer = createComputer(host);
  const clear = () => {
    for (const node of [lines, events, moreLines, moreEvents]) node.replaceChildren();
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear });

  const update = () =>
    runner.run(async (signal) => {
      const result = await computer.with({ signal }).call('trace', boxToText(box.value));
      let say = t('summary', { lines: result.lineCount, events: result.eventCount });
      if (result.discardedLines > 0) say += ' ' + t('discardedSummary', { count: result.discardedLines });
      if (result.bom) say += ' ' + t('bom');
      return {
        render: () => {
          renderLines(lines, result, t);
          renderEvents(events, result, t);
          const more = moreNotes(result, t);
          moreLines.textContent = more.lines;
          moreEvents.textContent = more.events;
        },
        say,
      };
    });
  // The runner settles with an outcome and shows its own errors: nothing awaits an update.
  const later = debounce(() => void update(), 150);

  // Line ends by button (the caret and the focus stay in the box) and by key.
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-insert]')) {
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => insertAtCaret(box, INSERTS[button.dataset.insert ?? ''] ?? ''));
  }
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.altKey || event.isComposing) return;
    if (event.shiftKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      insertAtCaret(box, INSERTS.insertCR!);
    } else if ((event.ctrlKey || event.metaKey) && !event.shiftKey) {
      event.preventDefault();
      insertAtCaret(box, INSERTS.insertCRLF!);
    }
  });
  fastPaste(box);

  for (const button of presets) {
    button.addEventListener('click', () => {
      const key = button.dataset.preset ?? '';
      // the voicing stream is the one the page was built with: the box's first content
      box.value = key === 'voicing' ? box.defaultValue : textToBox(PLAYGROUND_PRESETS[key] ?? '');
      for (const other of presets) other.setAttribute('aria-pressed', String(other === button));
      void update();
    });
  }
  box.addEventListener('input', () => {
    for (const other of presets)
      other.setAttribute('aria-pressed', String(other.dataset.preset === 'voicing' && box.value === box.defaultValue));
    later();
  });
  void update();
});

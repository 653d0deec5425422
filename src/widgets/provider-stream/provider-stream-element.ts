// The player demo's behaviour (its markup and first state: ProviderStreamDemo.astro). A recording is
// played through lessons-code's createStreamPlayer on the page's clock; each layer shows what the
// last read did to it, and the bubble shows the answer channel through the sentence policy.

import {
  applySentencePolicy,
  createStreamPlayer,
  realClock,
  splitReads,
  type SentencePolicy,
  type StreamPlayer,
  type Transport,
} from '../../../lessons-code/index.ts';
import {
  PACES,
  endView,
  playerSource,
  progressText,
  providerWords,
  readSizeOf,
  readView,
  recordingChoices,
  sourceFigures,
  verdictName,
  type Pace,
  type PlayerSource,
} from '../shared/provider-model.ts';
import { announce, demo, h, part } from '../../demo-kit/kit-client.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';
import { EventsLayer } from './provider-events-layer.ts';

export const mount = demo('providers', ({ host, t }) => {
  const p = <E extends HTMLElement = HTMLElement>(name: string) => part<E>(host, name);
  const [recordingBox, readsBox, transportBox, paceBox] = ['recording', 'reads', 'transport', 'pace'].map((name) =>
    p<HTMLSelectElement>(name),
  );
  const [play, step, restart, retry] = ['play', 'step', 'restart', 'retry'].map((name) => p<HTMLButtonElement>(name));
  const status = p('status');
  const reasoningBox = p<HTMLDetailsElement>('reasoning-box');
  const providerButtons = [...host.querySelectorAll<HTMLButtonElement>('button[data-provider]')];
  const policyButtons = [...host.querySelectorAll<HTMLButtonElement>('button[data-policy]')];

  let player: StreamPlayer | null = null;
  let source: PlayerSource = playerSource(recordingBox!.value);
  let reads: Uint8Array[] = [];
  let policy: SentencePolicy = 'every-delta';
  let answer = '';
  let complete = false;
  /** The turn stopped at the token limit: what shows of the answer stays, marked as cut short. */
  let limited = false;
  const events = new EventsLayer(p('events'), p('events-note'), t);
  /** True while Next read hands over a read: the status line speaks once, after it. */
  let stepping = false;

  const say = (text: string) => announce(status, text);
  /** A channel's last delta as code (JSON, so that spaces at its ends show), or "none yet". */
  const setDelta = (channel: 'answer' | 'reasoning', delta: string | null) => {
    const box = p(`delta-${channel}`);
    box.textContent = delta === null ? t('deltas.none') : JSON.stringify(delta);
    box.toggleAttribute('data-empty', delta === null);
  };
  const setText = (name: string, text: string) => void (p(name).textContent = text);

  /** The bubble: the answer channel as the policy lets it show. */
  const paintAnswer = () => {
    const bubble = p('answer');
    const { shown, heldBack } = applySentencePolicy(answer, policy, complete);
    if (shown !== '') bubble.textContent = shown;
    else
      bubble.replaceChildren(
        h(
          'span',
          'note',
          t(policy !== 'flagged' || answer === '' ? 'answerEmpty' : limited ? 'flaggedNever' : 'flaggedWait'),
        ),
      );
    setText('held', heldBack > 0 ? t('heldBack', { count: heldBack }) : '');
    // A turn that stopped at the token limit keeps what shows, marked as cut short.
    if (limited) setText('kept', shown === '' ? t('keptNothingShown') : t('keptShort', { count: [...shown].length }));
  };

  const setPlaying = (playing: boolean) => (play!.textContent = t(playing ? 'pause' : 'play'));

  /** A fresh player for the current choices; every layer back to its first state. */
  const build = () => {
    player?.dispose();
    source = playerSource(recordingBox!.value);
    reads = splitReads(source.provider, source.bytes, readSizeOf(readsBox!.value));
    answer = '';
    complete = false;
    limited = false;
    events.clear();
    host.dataset.state = 'idle';
    setText('figures', sourceFigures(source, reads.length, t));
    setText('progress', progressText(0, reads.length, t));
    setText('bytes-line', t('bytes.none'));
    for (const name of ['bytes-hex', 'bytes-split', 'growing', 'text', 'kept']) setText(name, '');
    setDelta('answer', null);
    setDelta('reasoning', null);
    setText('reasoning', t('reasoningEmpty'));
    reasoningBox.open = false;
    p('cut-notice').hidden = true;
    p('limit-notice').hidden = true;
    p('answer').hidden = false;
    paintAnswer();
    setPlaying(false);
    step!.disabled = false;
    player = createStreamPlayer({
      provider: source.provider,
      reads,
      transport: transportBox!.value as Transport,
      gapMs: PACES[paceBox!.value as Pace] ?? PACES.normal,
      clock: realClock,
      observers: {
        read: (read) => {
          const view = readView(source, reads, read.index, t);
          setText('progress', progressText(read.index + 1, reads.length, t));
          setText('bytes-line', view.line);
          setText('bytes-hex', view.hex);
          setText('bytes-split', view.split);
          const growing = read.growing;
          setText(
            'growing',
            growing
              ? growing.passed === ''
                ? t('growingNothing', { total: growing.textSoFar })
                : t('growing', { total: growing.textSoFar, count: [...growing.passed].length })
              : '',
          );
          setText('text', ''); // filled by text() when the read decodes to something
        },
        text: (text) => {
          // Added to what the read already decoded: at the end of a cut body, the decoder's last
          // word (U+FFFD for a character whose last bytes never came) follows the last read's text.
          appendVisible(p('text'), text);
        },
        event: (_event, routes) => events.add(routes),
        tail: (_text, routes) => events.add(routes),
        answer: (delta, aggregate) => {
          answer = aggregate;
          setDelta('answer', delta);
          paintAnswer();
        },
        reasoning: (delta, aggregate) => {
          reasoningBox.open = true; // open while the model writes
          setDelta('reasoning', delta);
          setText('reasoning', aggregate);
        },
        state: (state) => {
          if (state === 'ended') return; // said by end()
          host.dataset.state = state;
          setPlaying(state === 'playing');
          if (stepping) return; // said once the read is in, by the step button
          say(
            state === 'playing'
              ? t('state.playing')
              : t('state.paused', { at: player?.position() ?? 0, total: reads.length }),
          );
        },
        end: (result) => {
          const view = endView(result, source, t);
          host.dataset.state = view.state;
          setPlaying(false);
          step!.disabled = true;
          reasoningBox.open = false; // folded at the end: the answer comes to the front
          complete = result.complete;
          if (view.state === 'complete') {
            paintAnswer();
            setText('kept', t('keptAll', { count: [...result.answer].length }));
          } else if (view.state === 'token-limit') {
            // Stopped at the limit: the text is the model's own up to there, so it stays, marked.
            limited = true;
            p('limit-notice').hidden = false;
            paintAnswer();
          } else {
            // Cut, failed or refused: the half answer is not kept. The bubble gives way to the
            // notice; a failure or a refusal quotes the provider's own words when it sent some, and
            // names its event when it did not. Only a cut or a failure is worth trying again.
            p('answer').hidden = true;
            setText('held', '');
            for (const name of ['cut', 'failed', 'refused'] as const) p(`${name}-text`).hidden = view.state !== name;
            const words = providerWords(result.ending);
            const quoted = view.state === 'failed' || view.state === 'refused';
            p('words').hidden = !quoted || words === '';
            setText('failure-message', words);
            setText('no-words', quoted && words === '' ? t('noWords', { event: verdictName(result.ending) }) : '');
            p('retry-text').hidden = view.state !== 'failed';
            p('refused-kept').hidden = view.state !== 'refused';
            p('retry').hidden = view.state === 'refused';
            p('cut-notice').hidden = false;
            setText('kept', t('keptNothing'));
          }
          say(view.say);
        },
      },
    });
  };

  const choose = (buttons: HTMLButtonElement[], chosen: HTMLButtonElement) => {
    for (const button of buttons) button.setAttribute('aria-pressed', String(button === chosen));
  };
  for (const button of providerButtons) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-pressed') === 'true') return;
      choose(providerButtons, button);
      const provider = button.dataset.provider as PlayerSource['provider'];
      recordingBox!.replaceChildren(
        ...recordingChoices(provider).map((choice) =>
          h('option', { value: choice.value }, t(`recording.${choice.key}`)),
        ),
      );
      build();
      say(t('state.idle'));
    });
  }
  for (const button of policyButtons) {
    button.addEventListener('click', () => {
      choose(policyButtons, button);
      policy = button.dataset.policy as SentencePolicy;
      // the stream goes on underneath: only what shows changes
      if (!['cut', 'failed', 'refused'].includes(host.dataset.state ?? '')) paintAnswer();
    });
  }
  for (const box of [recordingBox!, readsBox!, transportBox!])
    box.addEventListener('change', () => (build(), say(t('state.idle'))));
  paceBox!.addEventListener('change', () => player?.setGap(PACES[paceBox!.value as Pace] ?? PACES.normal));

  play!.addEventListener('click', () => {
    if (!player) return;
    if (player.state() === 'ended') build(); // Play after the end plays it again
    if (player.state() === 'playing') player.pause();
    else player.play();
  });
  step!.addEventListener('click', () => {
    if (!player) return;
    stepping = true;
    try {
      player.step();
    } finally {
      stepping = false;
    }
    // Where it stands now, after the read (the end of the body says its own state).
    if (player.state() === 'paused') say(t('state.paused', { at: player.position(), total: reads.length }));
  });
  restart!.addEventListener('click', () => (build(), say(t('state.idle'))));
  retry!.addEventListener('click', () => {
    // Try again: the same recording, whole this time, from an empty draft.
    recordingBox!.value = source.recording.id;
    build();
    player?.play();
    say(t('retried'));
    play!.focus();
  });
  host.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && player?.state() === 'playing') player.pause();
  });
  build();
});

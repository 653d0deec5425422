// The timeline demo's behaviour (its markup and first view, on a simulated clock:
// RoundsTimelineDemo.astro). "Ask both" starts one turn per harness at the same moment, against ONE
// model replica in the page on the real clock; while they run, the lanes, the figures (from the
// replica's call log) and the text the user sees are redrawn once a frame; when both have ended, the
// figures are the turns' bills. The button is "Stop" meanwhile. Choosing another question shows its
// simulated view again (src/widgets/rounds-timeline/rounds-timeline-model.ts).

import {
  TIMELINE_QUESTIONS,
  HARNESS_NAMES,
  FIGURES,
  fromCallLog,
  fromReport,
  simulateTurns,
  timelineView,
  type LaneState,
  type TimelineView,
} from './rounds-timeline-model.ts';
import { runTurn, startModelReplica, type HarnessName, type TurnStep } from '../../../lessons-code/index.ts';
import { ComputeStopped, createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';

export const mount = demo('roundsTimeline', ({ host, s, t }) => {
  const run = part<HTMLButtonElement>(host, 'run');
  const status = part(host, 'status');
  const axis = part(host, 'axis');
  const radios = [...host.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  const lanes = HARNESS_NAMES.map((harness) => ({
    harness,
    track: part(host, `track-${harness}`),
    bubble: part(host, `bubble-${harness}`),
    cells: Object.fromEntries(
      FIGURES.map((figure) => [
        figure,
        host.querySelector<HTMLElement>(`td[data-harness="${harness}"][data-figure="${figure}"]`)!,
      ]),
    ),
  }));
  const shownText = new Map<HarnessName, string>();

  const clear = () => {
    axis.replaceChildren();
    for (const lane of lanes) {
      lane.track.replaceChildren();
      lane.bubble.replaceChildren();
      shownText.delete(lane.harness);
      for (const cell of Object.values(lane.cells)) cell.replaceChildren();
    }
  };
  const runner = createRunner({ host, status, strings: s, clear });

  const render = (view: TimelineView, states: Record<HarnessName, LaneState>) => {
    axis.replaceChildren(
      ...view.ticks.map((tick) => h('span', { style: `inset-inline-start:${tick.at}%` }, tick.label)),
    );
    view.lanes.forEach((laneView, i) => {
      const lane = lanes[i]!;
      lane.track.replaceChildren(
        ...laneView.bars.map((bar) =>
          h(
            'span',
            { class: `rt-bar rt-${bar.kind}`, style: `inset-inline-start:${bar.left}%;inline-size:${bar.width}%` },
            bar.label,
          ),
        ),
        ...(laneView.firstAt === null ? [] : [h('span', { class: 'rt-first', style: `--at:${laneView.firstAt}%` })]),
      );
      for (const figure of FIGURES) lane.cells[figure]!.textContent = laneView.figures[figure];
      const text = states[lane.harness].text;
      if (shownText.get(lane.harness) !== text) {
        shownText.set(lane.harness, text);
        renderMarkdown(lane.bubble, text);
      }
    });
  };

  const question = () =>
    TIMELINE_QUESTIONS[Number(radios.find((radio) => radio.checked)?.value ?? 0)] ?? TIMELINE_QUESTIONS[0];

  const setRunning = (running: boolean) => {
    run.dataset.running = String(running);
    run.textContent = t(running ? 'stop' : 'run');
  };

  /** The simulated view of the chosen question (what the page showed before any run). */
  const showSimulated = () =>
    runner.run(async () => {
      const states = await simulateTurns(question());
      const view = timelineView(states, t);
      return { render: () => render(view, states), say: t('simulated') };
    });

  const askBoth = () =>
    runner.run(async (signal) => {
      setRunning(true);
      try {
        const asked = question();
        // The axis of the simulated turns: the live bars grow into it (and it grows if they outrun it).
        const expected = Object.values(await simulateTurns(asked)).reduce(
          (max, state) => Math.max(max, state.elapsedMs),
          0,
        );
        const replica = startModelReplica();
        const start = performance.now();
        const states = Object.fromEntries(
          HARNESS_NAMES.map((name) => [
            name,
            {
              steps: [] as TurnStep[],
              calls: 0,
              inputTokens: 0,
              outputTokens: 0,
              firstCharacterMs: null,
              elapsedMs: 0,
              done: false,
              text: '',
            },
          ]),
        ) as Record<HarnessName, LaneState & { steps: TurnStep[] }>;
        let frame = 0;
        const draw = () => {
          frame = 0;
          if (signal.aborted) return; // a newer run or Stop: this one draws no more
          for (const name of HARNESS_NAMES) {
            const state = states[name];
            if (state.done) continue;
            Object.assign(state, fromCallLog(replica.calls, name), { elapsedMs: performance.now() - start });
          }
          render(timelineView(states, t, expected), states);
          if (HARNESS_NAMES.some((name) => !states[name].done)) frame = requestAnimationFrame(draw);
        };
        status.textContent = t('running');
        frame = requestAnimationFrame(draw);
        const reports = await Promise.all(
          HARNESS_NAMES.map(async (name) => {
            const state = states[name];
            const report = await runTurn(name, {
              model: replica.fetch,
              question: asked,
              turnId: name,
              signal,
              onStep: (step) => {
                state.steps.push(step);
                if (step.kind === 'text' && state.firstCharacterMs === null) state.firstCharacterMs = step.t;
              },
              onText: (_piece, shown) => (state.text = shown),
            });
            Object.assign(state, fromReport(report));
            return report;
          }),
        );
        cancelAnimationFrame(frame);
        if (signal.aborted) throw new ComputeStopped();
        const failed = reports.find((report) => report.status === 'failed');
        if (failed) throw new Error(failed.error ?? failed.status);
        const view = timelineView(states, t);
        return { render: () => render(view, states), say: view.say };
      } finally {
        setRunning(false);
      }
    });

  run.addEventListener('click', () => {
    if (run.dataset.running === 'true') runner.stop();
    else void askBoth();
  });
  for (const radio of radios) radio.addEventListener('change', () => void showSimulated());
});

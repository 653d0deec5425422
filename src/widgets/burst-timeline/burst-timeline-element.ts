// The timeline demo's behaviour (its markup and first view, on a simulated clock:
// BurstTimelineDemo.astro). "Send" sends the question to both hosts at once, on the real clock,
// with the chosen model latency; each page paints its bubble as the answer arrives; when both are
// done, the chart, the figures and the lists are redrawn on one axis (burst-timeline-model.ts).
// "Stop", or a new send, cancels the requests: the results then say so and show nothing.

import { runStreamTurn, createInPageHost } from '../../../lessons-code/index.ts';
import {
  MODES,
  QUESTION,
  hostFor,
  timelineView,
  type HostView,
  type Mark,
  type TimelineView,
} from './burst-timeline-model.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';

const marks = (list: Mark[]) =>
  list.map((mark) => h('span', { class: `tl-mark tl-${mark.kind}`, style: `--at:${mark.at}%` }));

export const mount = demo('burst', ({ host, s, t, lang }) => {
  const latency = part<HTMLSelectElement>(host, 'latency');
  const send = part<HTMLButtonElement>(host, 'send');
  const stop = part<HTMLButtonElement>(host, 'stop');
  const axis = part(host, 'axis');
  const columns = MODES.map((mode) => ({
    mode,
    section: host.querySelector<HTMLElement>(`section[data-mode="${mode}"]`)!,
    first: part(host, `${mode}-first`),
    network: part(host, `${mode}-network`),
    paints: part(host, `${mode}-paints`),
    stats: part(host, `${mode}-stats`),
    bubble: part(host, `${mode}-bubble`),
    summary: part(host, `${mode}-summary`),
    list: part(host, `${mode}-list`),
  }));

  const clear = () => {
    axis.replaceChildren();
    for (const column of columns) {
      column.section.dataset.state = '';
      column.first.dataset.ms = '';
      for (const node of [column.first, column.network, column.paints, column.bubble, column.list, column.summary])
        node.replaceChildren();
      for (const value of column.stats.querySelectorAll('strong')) value.replaceChildren();
    }
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear });

  const renderHost = (column: (typeof columns)[number], view: HostView) => {
    column.first.textContent = view.first;
    column.first.dataset.ms = String(view.firstMs ?? '');
    column.network.replaceChildren(
      ...(view.firstAt === null ? [] : [h('span', { class: 'tl-wait', style: `inline-size:${view.firstAt}%` })]),
      ...marks(view.network),
    );
    column.paints.replaceChildren(...marks(view.paints));
    for (const stat of view.stats) {
      const value = column.stats.querySelector<HTMLElement>(`[data-stat="${stat.key}"] strong`)!;
      value.className = stat.good === null ? '' : stat.good ? 'ok' : 'bad';
      value.textContent = stat.value;
    }
    Object.assign(column.stats.dataset, {
      deltas: String(view.deltas),
      paints: String(view.paintCount),
      drafts: String(view.drafts),
    });
    column.summary.textContent = view.listSummary;
    column.list.replaceChildren(
      ...view.rows.map((row) => h('li', { 'data-kind': row.kind }, h('span', 'tl-t', row.t), ' ', row.text)),
    );
    column.section.dataset.state = 'done';
  };
  const render = (view: TimelineView) => {
    axis.replaceChildren(
      ...view.ticks.map((tick) => h('span', { style: `inset-inline-start:${tick.at}%` }, tick.label)),
    );
    view.hosts.forEach((hostView, i) => renderHost(columns[i]!, hostView));
  };

  // A first request nobody sees: loading and compiling the host's code must not count as its time.
  let warm: Promise<unknown> | undefined;
  let active = 0; // runs not yet ended (a newer one stops an older one, which ends soon after)
  const sendBoth = () =>
    runner.run(async (signal) => {
      active++;
      stop.setAttribute('aria-disabled', 'false');
      for (const column of columns) column.section.dataset.state = 'running';
      try {
        warm ??= runStreamTurn({ host: createInPageHost(), message: QUESTION });
        await warm;
        const ms = Number(latency.value);
        for (const column of columns) column.bubble.replaceChildren();
        const turn = (column: (typeof columns)[number]) =>
          runStreamTurn({
            host: hostFor(column.mode, ms),
            message: QUESTION,
            signal,
            paint: (text) => renderMarkdown(column.bubble, text),
          });
        // Both at the same moment: one axis, one clock.
        const [burst, paced] = await Promise.all(columns.map(turn));
        const view = timelineView({ burst: burst!, paced: paced! }, t, lang);
        return { render: () => render(view), say: view.say };
      } finally {
        if (--active === 0) stop.setAttribute('aria-disabled', 'true');
      }
    });

  send.addEventListener('click', () => void sendBoth());
  latency.addEventListener('change', () => void sendBoth());
  stop.addEventListener('click', () => {
    if (stop.getAttribute('aria-disabled') !== 'true') runner.stop();
  });
});

// The four details demo's behaviour (its markup and every panel's first result:
// RoundsDetailsDemo.astro). Tabs as the WAI-ARIA tabs pattern has them (arrows, Home, End; the
// selected tab alone in the tab order); a panel's input (the order of the fragments, the token
// limit, include_usage) records the replica again and redraws that panel (rounds-details-model.ts).

import { finishView, fragmentsView, usageView, type FragmentOrder, type Verdict } from './rounds-details-model.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';

export const mount = demo('roundsDetails', ({ host, s, t }) => {
  const tabs = [...host.querySelectorAll<HTMLButtonElement>('[role=tab]')];
  const panels = [...host.querySelectorAll<HTMLElement>('[role=tabpanel]')];

  const select = (tab: HTMLButtonElement, focus: boolean) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
    }
    for (const panel of panels) panel.hidden = panel.dataset.detail !== tab.dataset.detail;
    host.dataset.detail = tab.dataset.detail;
    if (focus) tab.focus();
  };
  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const at = tabs.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      select(tabs[(to + tabs.length) % tabs.length]!, true);
    });
  }

  const verdict = (node: HTMLElement, value: Verdict) => {
    node.classList.toggle('ok', value.ok);
    node.classList.toggle('bad', !value.ok);
    node.textContent = value.text;
  };
  const fragments = part(host, 'fragments');
  const sides = (['byIndex', 'byPosition'] as const).map((side) => ({
    side,
    list: part(host, side),
    verdict: part(host, `${side}-verdict`),
  }));
  const limit = part<HTMLInputElement>(host, 'limit');
  const limitValue = part(host, 'limit-value');
  const received = part(host, 'received');
  const finishCareful = part(host, 'finish-careful');
  const finishNaive = part(host, 'finish-naive');
  const includeUsage = part<HTMLInputElement>(host, 'include-usage');
  const tail = part(host, 'tail');
  const usageCareful = part(host, 'usage-careful');
  const usageNaive = part(host, 'usage-naive');
  const usageError = part(host, 'usage-error');
  const results = [
    fragments,
    ...sides.flatMap((side) => [side.list, side.verdict]),
    received,
    finishCareful,
    finishNaive,
    tail,
    usageCareful,
    usageNaive,
    usageError,
  ];

  const runner = createRunner({
    host,
    status: part(host, 'status'),
    strings: s,
    clear: () => results.forEach((node) => node.replaceChildren()),
  });

  const order = () =>
    (host.querySelector<HTMLInputElement>('input[type=radio]:checked')?.value ?? 'interleaved') as FragmentOrder;
  const showFragments = () =>
    runner.run(async () => {
      const view = await fragmentsView(order(), t);
      return {
        render: () => {
          fragments.replaceChildren(...view.lines.map((line) => h('span', `rd-i${line.index}`, line.json + '\n')));
          for (const { side, list, verdict: node } of sides) {
            list.replaceChildren(
              ...view[side].map((call) =>
                h(
                  'li',
                  {},
                  h('span', { lang: 'en', translate: 'no' }, `${call.id} ${call.name}`),
                  ' ',
                  h('code', call.parses ? 'ok' : 'bad', call.arguments),
                ),
              ),
            );
            verdict(node, view[`${side}Verdict`]);
          }
        },
        say: `${view.byIndexVerdict.text} ${view.byPositionVerdict.text}`,
      };
    });

  const showFinish = () =>
    runner.run(async () => {
      const view = await finishView(Number(limit.value), t);
      return {
        render: () => {
          limitValue.textContent = String(view.limit);
          received.textContent = view.text;
          verdict(finishCareful, view.careful);
          verdict(finishNaive, view.naive);
        },
        say: `${view.careful.text} ${view.naive.text}`,
      };
    });

  const showUsage = () =>
    runner.run(async () => {
      const view = await usageView(includeUsage.checked, t);
      return {
        render: () => {
          tail.textContent = view.tail;
          verdict(usageCareful, view.careful);
          verdict(usageNaive, view.naive);
          usageError.textContent = view.naiveError;
        },
        say: `${view.careful.text} ${view.naive.text}`,
      };
    });

  for (const radio of host.querySelectorAll<HTMLInputElement>('input[type=radio]'))
    radio.addEventListener('change', () => void showFragments());
  limit.addEventListener('input', () => {
    limitValue.textContent = limit.value;
    void showFinish();
  });
  includeUsage.addEventListener('change', () => void showUsage());
});

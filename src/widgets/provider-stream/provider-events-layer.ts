// The player demo's events layer: the last few events the parser dispatched, each with the channels
// its payload reached, numbered from the first event of the recording. Kept to a fixed number of
// rows so that the layer's height does not change while a recording plays.

import { eventView, keyOf } from '../shared/provider-model.ts';
import { h, type Strings } from '../../demo-kit/kit-client.ts';

type Routes = Parameters<typeof eventView>[0];

export class EventsLayer {
  private rows: HTMLElement[] = [];
  private count = 0;

  private readonly list: HTMLElement;
  private readonly note: HTMLElement;
  private readonly t: Strings['t'];
  private readonly shown: number;

  constructor(list: HTMLElement, note: HTMLElement, t: Strings['t'], shown = 6) {
    this.list = list;
    this.note = note;
    this.t = t;
    this.shown = shown;
  }

  /** Back to no event at all. */
  clear(): void {
    this.rows = [];
    this.count = 0;
    this.list.replaceChildren();
    this.note.textContent = this.t('events.none');
  }

  add(routes: Routes): void {
    const view = eventView(routes);
    // Long event names may break after a dot or an underscore, never inside a word.
    const name = h('code', undefined, ...view.name.split(/(?<=[._])/).flatMap((piece) => [piece, h('wbr')]));
    const row = h(
      'li',
      undefined,
      name,
      ...view.kinds.map((kind) => h('span', { class: 'ps-route', 'data-kind': kind }, this.t(`route.${keyOf(kind)}`))),
    );
    this.rows = [...this.rows, row].slice(-this.shown);
    this.count++;
    this.list.replaceChildren(...this.rows);
    this.list.setAttribute('start', String(this.count - this.rows.length + 1));
    const earlier = this.count - this.rows.length;
    this.note.textContent = earlier > 0 ? this.t('events.earlier', { count: earlier }) : '';
  }
}

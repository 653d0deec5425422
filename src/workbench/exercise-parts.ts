// What every part of a workbench's code works from: which exercise it is, its strings in the page's
// language, and its elements, found once in the markup Exercise.astro rendered (the parts kept in
// the <template> are put in place first).

import type { Locale } from '../exercise-engine/types.ts';
import { unpackWorkbench } from './exercise-unpack.ts';
import { Strings, type Translate } from '../demo-kit/kit-client.ts';

export interface WorkbenchParts {
  syntax: HTMLElement;
  notice: HTMLElement;
  check: HTMLButtonElement;
  reset: HTMLButtonElement;
  hint: HTMLButtonElement;
  showAnswer: HTMLButtonElement | null;
  solved: HTMLElement;
  live: HTMLElement;
  summary: HTMLElement;
  hints: HTMLElement;
  reveal: HTMLElement;
  console: HTMLElement;
  confirm: HTMLElement;
  reference: HTMLDetailsElement | null;
}

export interface WorkbenchContext {
  readonly t: Translate;
  readonly locale: Locale;
  readonly id: string;
  readonly prediction: boolean;
  /** The case ids of the exercise's definition, as rendered into this page at build time. */
  readonly caseIds: string[];
  /** The <ga-exercise> element. */
  readonly host: HTMLElement;
  /** The exercise's section: its header (the solved badge) and the workbench. */
  readonly section: HTMLElement;
  readonly parts: WorkbenchParts;
}

function caseIdsOf(host: HTMLElement): string[] {
  let ids: unknown = [];
  try {
    ids = JSON.parse(host.dataset.cases ?? '[]');
  } catch {
    ids = [];
  }
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The workbench a <ga-exercise> element holds, its parts in place. */
export function readWorkbench(host: HTMLElement): WorkbenchContext {
  const locale = host.dataset.locale;
  const section = host.closest<HTMLElement>('[data-exercise-section]') ?? host;
  unpackWorkbench(host);
  const part = <T extends HTMLElement>(name: string): T => {
    const node = section.querySelector<T>(`[data-${name}]`);
    if (!node) throw new Error(`missing [data-${name}]`);
    return node;
  };
  return {
    t: new Strings(host, 'exercise').t,
    locale: locale === 'es' || locale === 'fr' ? locale : 'en',
    id: host.dataset.exercise ?? '',
    prediction: host.dataset.kind === 'prediction',
    caseIds: caseIdsOf(host),
    host,
    section,
    parts: {
      syntax: part('syntax'),
      notice: part('notice'),
      check: part<HTMLButtonElement>('check'),
      reset: part<HTMLButtonElement>('reset'),
      hint: part<HTMLButtonElement>('hint'),
      showAnswer: section.querySelector<HTMLButtonElement>('[data-show-answer]'),
      solved: part('solved'),
      live: part('live'),
      summary: part('summary'),
      hints: part('hints'),
      reveal: part('reveal'),
      console: part('console'),
      confirm: part('confirm'),
      reference: section.querySelector<HTMLDetailsElement>('[data-reference]'),
    },
  };
}

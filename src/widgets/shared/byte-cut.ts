// The behaviour of the stream choice and byte slider the cut and stop-short demos share (markup:
// src/widgets/shared/ByteCut.astro): the slider and the number box follow each other, a number typed
// out of range is brought back into it once the learner leaves the box or presses Enter, and text
// that is no number puts the box back on the current byte.

import { part } from '../../demo-kit/kit-client.ts';

export interface ByteCutOptions {
  /** The cut moved to byte `at` (already clamped to 0..max). */
  onCut: (at: number) => void;
  /** Another stream was chosen; its buttons are already marked. */
  onStream: (id: string) => void;
}

export interface ByteCut {
  /** The byte the cut is after. */
  value(): number;
  /** Shows `at` in both controls (leaving the number box alone while the learner types that number). */
  show(at: number, valueText: string): void;
  setMax(max: number): void;
}

export function wireByteCut(host: HTMLElement, { onCut, onStream }: ByteCutOptions): ByteCut {
  const slider = part<HTMLInputElement>(host, 'slider');
  const number = part<HTMLInputElement>(host, 'number');
  const streams = [...host.querySelectorAll<HTMLButtonElement>('button[data-stream]')];
  const clamp = (value: number) =>
    Math.max(0, Math.min(Number(slider.max), Number.isFinite(value) ? Math.trunc(value) : 0));

  slider.addEventListener('input', () => onCut(clamp(Number(slider.value))));
  number.addEventListener('input', () => {
    if (number.value === '' || !Number.isFinite(Number(number.value))) return; // the learner is still typing
    onCut(clamp(Number(number.value)));
  });
  number.addEventListener('change', () => {
    // Text that is no number (a paste of anything) leaves the cut where it was.
    if (number.value === '' || !Number.isFinite(Number(number.value))) {
      number.value = slider.value;
      return;
    }
    const at = clamp(Number(number.value));
    number.value = String(at);
    onCut(at);
  });
  // A byte typed or a slider moved before this code loaded (or a value the browser put back on a
  // reload) is the learner's: the demo takes it now instead of leaving the first cut it was built with.
  const early =
    number.value !== number.defaultValue ? number.value : slider.value !== slider.defaultValue ? slider.value : '';
  if (early !== '' && Number.isFinite(Number(early))) queueMicrotask(() => onCut(clamp(Number(early))));
  for (const button of streams) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-pressed') === 'true') return;
      for (const other of streams) other.setAttribute('aria-pressed', String(other === button));
      onStream(button.dataset.stream ?? '');
    });
  }

  return {
    value: () => Number(slider.value),
    show(at, valueText) {
      slider.value = String(at);
      slider.setAttribute('aria-valuetext', valueText);
      if (document.activeElement !== number || clamp(Number(number.value)) !== at) number.value = String(at);
    },
    setMax(max) {
      slider.max = String(max);
      number.max = String(max);
    },
  };
}

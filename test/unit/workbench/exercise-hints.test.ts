// The order the workbench offers hints in: the first failing case's hints first, in the order its
// text gives them, then the next failing case's, then every other hint in the exercise's order.

import { expect, it } from 'vitest';
import { hintOrder } from '../../../src/workbench/exercise-hints.ts';

it('with nothing failing, the hints come in the exercise’s order', () => {
  expect(hintOrder(3, [])).toEqual([1, 2, 3]);
});

it('the first failing case’s hints come first, in its own order; each hint once', () => {
  expect(
    hintOrder(4, [
      [3, 2],
      [2, 4],
    ]),
  ).toEqual([3, 2, 4, 1]);
});

it('a number that names no hint is left out', () => {
  expect(hintOrder(2, [[0, 5, 2, 1.5]])).toEqual([2, 1]);
});

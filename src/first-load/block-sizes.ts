// The blocks of a page's text wait to be rendered until they come near the viewport
// (`content-visibility: auto`, src/styles/course.css), and until a block is first rendered its room
// is a guess. A jump (a link of the table of contents, a search result) lands where the guesses put
// its target; the blocks around it then take their real heights, and the browser keeps the block at
// the top of the screen in place, not the target, which could end up above the screen.
//
// So once the page is idle, each block waiting to be rendered is rendered once, a slice at a time,
// and the browser remembers its height as it draws the next frame
// (https://drafts.csswg.org/css-sizing-4/#last-remembered): from then on, the room of a block out
// of view is its real height. A slice renders blocks while the idle moment and SLICE_MS last, at
// least one, so a phone's slices hold fewer blocks than a desktop's. Another width makes other
// heights: the pass starts again. A block done carries `data-sized` (the browser tests wait for it).

import { idle } from './idle.ts';

/** The blocks that wait to be rendered until near (the rule of src/styles/course.css), scripts aside. */
export const BLOCKS = '.sl-markdown-content > :not(section.exercise, script)';

/**
 * How long a slice may go on laying blocks out, in ms. Its last block runs past the bound by what
 * that block alone costs, so the bound is small: a slice and its last block stay under a long task
 * (50 ms, https://w3c.github.io/longtasks/) on a phone about four times slower than a desktop.
 */
const SLICE_MS = 3;

/** The pass under way: a new one (another width) makes the old one stop. */
let pass = 0;

/** After the next frame has been drawn (the heights are remembered as it is). */
const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

async function sizeBlocks(): Promise<void> {
  const mine = ++pass;
  if (document.readyState !== 'complete')
    await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  // Fonts change line breaks, so heights: render with the fonts the page will have.
  await document.fonts?.ready;
  const blocks = [...document.querySelectorAll<HTMLElement>(BLOCKS)];
  for (const block of blocks) delete block.dataset.sized;
  let next = 0;
  while (next < blocks.length && mine === pass) {
    const deadline = await idle(1000);
    if (mine !== pass) return;
    const start = performance.now();
    const slice: HTMLElement[] = [];
    while (next < blocks.length) {
      const left = Math.min(SLICE_MS, deadline?.timeRemaining() ?? SLICE_MS) - (performance.now() - start);
      if (slice.length > 0 && left <= 0) break;
      const block = blocks[next++]!;
      if (!block.isConnected) continue;
      block.dataset.rendering = '';
      block.getBoundingClientRect(); // lays the block out now, so that the slice knows what it cost
      slice.push(block);
    }
    await drawn();
    for (const block of slice) {
      delete block.dataset.rendering;
      block.dataset.sized = '';
    }
  }
}

/** Starts the pass once the page has loaded, and again at each change of width. */
export function sizeBlocksWhenIdle(): void {
  let width = innerWidth;
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    void sizeBlocks();
  });
  void sizeBlocks();
}

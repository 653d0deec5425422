// Demo 6, the program in a terminal, in English: xterm loads only when the learner uses the demo,
// runs the lesson's program in the page and prints exactly the CLI's output; run again, clear,
// help, unknown commands, keyboard-only use, the site's themes, 360 px, a huge paste. Elsewhere:
// es/fr strings (locales.spec.ts), axe (a11y.spec.ts), the page at 360 px (a11y.spec.ts in English, locales.spec.ts in
// es/fr).

import type { Page } from '@playwright/test';
import { EN, EXPECTED_OUTPUT, expect, lessonUrl, test, useTheme } from './fixtures.ts';

const TAG = 'ga-program-terminal';
const RUN = 'npm run lesson -- l6';

/** What the buttons say, and bits of what the shell answers. */
const UI: Record<
  string,
  {
    run: string;
    clear: string;
    help: string;
    copy: string;
    helpTitle: string;
    notFound: string;
    label: string;
    inputLabel: string;
    done: string;
  }
> = {
  en: {
    run: 'Run the program',
    clear: 'Clear',
    help: 'Help',
    copy: 'Copy output',
    helpTitle: 'Commands:',
    notFound: 'ls: command not found.',
    label: 'Terminal running the lesson’s program',
    inputLabel: 'Terminal input: type a command, then press Enter. Tab leaves the terminal.',
    done: 'The program finished. Lines: 69. Characters: 4,242.',
  },
};

/** A request for xterm's code: the widget's chunk, which bundles xterm (or xterm itself, unbundled). */
const isXtermRequest = (url: string) => /program-terminal-element\.[\w-]+\.js|xterm/i.test(url);

/** The terminal's text, as the element reads it (bufferText, src/widgets/program-terminal/terminal-shell.ts). */
const terminalText = (page: Page): Promise<string> =>
  page.evaluate(
    (tag) =>
      (document.querySelector(tag) as (HTMLElement & { screenText?: () => string }) | null)?.screenText?.() ?? '',
    TAG,
  );

/**
 * The output of the last `npm run lesson -- l6` in the terminal: the lines between that command and the next prompt.
 */
async function lastRunOutput(page: Page): Promise<string | undefined> {
  const lines = (await terminalText(page)).split('\n');
  const start = lines.lastIndexOf('$ ' + RUN);
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('$'));
  if (end < 0) return undefined;
  return lines.slice(start + 1, end).join('\n') + '\n';
}

async function idle(page: Page): Promise<void> {
  await expect(page.locator(TAG)).toHaveAttribute('data-ready', '');
  await expect(page.locator(TAG)).toHaveAttribute('data-state', 'idle', { timeout: 15_000 });
}

/** Opens the terminal with the Run button and waits for the program's output. */
async function openAndRun(page: Page, locale: string): Promise<void> {
  await page.locator(TAG).getByRole('button', { name: UI[locale]!.run }).click();
  // the first use loads xterm: give a busy machine time
  await expect.poll(() => lastRunOutput(page), { timeout: 30_000 }).toBe(EXPECTED_OUTPUT);
  await idle(page);
}

const locale = EN;
const ui = UI[locale.code]!;

// Behaviours that can share a page are steps of one test, on one load of the page, each step named
// after the behaviour it checks. A page is loaded again only where a behaviour needs it before the
// load: the first use (nothing of xterm yet), the dark theme, the 360 px viewport.
test.describe(`program terminal (${locale.code})`, () => {
  test('first use, then run, clear, help and unknown commands, copy', async ({ page, context, consoleErrors }) => {
    void consoleErrors;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(lessonUrl(locale));
    const demo = page.locator(TAG);

    await test.step('xterm is not fetched before the learner interacts, and loads on the first click', async () => {
      await page.waitForLoadState('networkidle');
      // Seeing it is not using it: scroll the terminal into view and let two frames be drawn (an
      // observer of the scroll has been told by then): the widget has not started (neither loading,
      // aria-busy, nor loaded, data-ready: src/demo-kit/lazy-element.ts), and nothing of xterm came.
      await demo.scrollIntoViewIfNeeded();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
      expect(await demo.getAttribute('aria-busy')).toBeNull();
      expect(await demo.getAttribute('data-ready')).toBeNull();
      expect(requests.filter(isXtermRequest)).toEqual([]);
      expect(await page.locator('.xterm').count()).toBe(0);
      expect(await page.locator('style[data-xterm-css]').count()).toBe(0);
      // The first view: the buttons and the empty screen, translated.
      await expect(demo.getByRole('button', { name: ui.run })).toBeVisible();
      await expect(demo.getByRole('button', { name: ui.copy })).toBeDisabled();
      await expect(demo.locator('[data-placeholder]')).toBeVisible();

      await demo.getByRole('button', { name: ui.run }).click();
      await expect.poll(() => lastRunOutput(page), { timeout: 30_000 }).toBe(EXPECTED_OUTPUT);
      expect(requests.some(isXtermRequest)).toBe(true);
      expect(await page.locator('style[data-xterm-css]').count()).toBe(1);
      await idle(page);
    });

    const runAndClear =
      'Run prints exactly the CLI output; typing the command runs it again; help, unknown command, clear';
    await test.step(runAndClear, async () => {
      // The text the program produced, kept exactly (LF line ends) beside the terminal's display.
      expect(await demo.evaluate((el) => (el as HTMLElement & { output?: string }).output)).toBe(EXPECTED_OUTPUT);
      expect(await demo.getAttribute('data-output')).toBe(EXPECTED_OUTPUT);
      await expect(demo.locator('[data-live]')).toHaveText(ui.done);
      // screenReaderMode on, the terminal and its input labelled in the page's language
      expect(
        await demo.evaluate(
          (el) =>
            (el as HTMLElement & { terminal?: { options: { screenReaderMode?: boolean } } }).terminal?.options
              .screenReaderMode,
        ),
      ).toBe(true);
      await expect(demo.locator('.xterm')).toHaveAttribute('aria-label', ui.label);
      await expect(demo.locator('textarea.xterm-helper-textarea')).toHaveAttribute('aria-label', ui.inputLabel);

      // Clear empties it, down to the prompt.
      await demo.getByRole('button', { name: ui.clear }).click();
      await expect.poll(async () => (await terminalText(page)).trimEnd()).toBe('$');
      await idle(page);

      // Typed at the prompt: the same command gives the same bytes.
      await page.locator(`${TAG} textarea.xterm-helper-textarea`).focus();
      await page.keyboard.type(RUN);
      await page.keyboard.press('Enter');
      await expect.poll(() => lastRunOutput(page)).toBe(EXPECTED_OUTPUT);
      await idle(page);

      // help lists the commands, in the page's language
      await page.keyboard.type('help');
      await page.keyboard.press('Enter');
      await expect.poll(() => terminalText(page)).toContain(ui.helpTitle);
      const text = await terminalText(page);
      const help = text.slice(text.lastIndexOf(ui.helpTitle));
      for (const command of [RUN, 'clear', 'help'])
        expect(help).toMatch(new RegExp(`^  ${command.replace(/[-]/g, '\\$&')} `, 'm'));

      // anything else: not found, translated
      await page.keyboard.type('ls');
      await page.keyboard.press('Enter');
      await expect.poll(() => terminalText(page)).toContain(ui.notFound);

      // a pasted command and the start of the next one: the next line shows exactly what was typed
      await page.evaluate(
        (tag) =>
          (document.querySelector(tag) as HTMLElement & { terminal: { paste(data: string): void } }).terminal.paste(
            'ls\nab',
          ),
        TAG,
      );
      await expect.poll(async () => (await terminalText(page)).split('\n').at(-1)).toBe('$ ab');
      await page.keyboard.press('Control+C');
      await expect.poll(async () => (await terminalText(page)).split('\n').at(-2)).toBe('$ ab^C');

      // clear, typed
      await page.keyboard.type('clear');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await terminalText(page)).trimEnd()).toBe('$');
      // ...and the help button
      await demo.getByRole('button', { name: ui.help }).click();
      await expect.poll(() => terminalText(page)).toContain(ui.helpTitle);
      await idle(page);
    });

    // The program has run (typed, above) and the screen shows the help since: the output is copied.
    await test.step('copy puts the exact output on the clipboard', async () => {
      await demo.getByRole('button', { name: ui.copy }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(EXPECTED_OUTPUT);
    });
  });

  test('keyboard only, in the dark theme; the terminal follows the site theme as it changes', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await useTheme(page, 'dark');
    await page.goto(lessonUrl(locale));
    const demo = page.locator(TAG);

    const keyboardOnly =
      'keyboard only: Run with Enter, Tab into the terminal and out of it, Help and Clear with the keys';
    await test.step(keyboardOnly, async () => {
      // Tab forward from the heading before the demo until the Run button has focus.
      await demo
        .locator('xpath=ancestor::section[1]')
        .locator('h3')
        .evaluate((el) => {
          el.setAttribute('tabindex', '-1');
          el.focus();
        });
      const run = demo.getByRole('button', { name: ui.run });
      for (let i = 0; i < 5 && !(await run.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(run).toBeFocused();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastRunOutput(page), { timeout: 30_000 }).toBe(EXPECTED_OUTPUT);
      await idle(page);

      // Tab: Clear, Help, Copy (enabled now), then the terminal's input.
      await page.keyboard.press('Tab');
      await expect(demo.getByRole('button', { name: ui.clear })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(demo.getByRole('button', { name: ui.help })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(demo.getByRole('button', { name: ui.copy })).toBeFocused();
      await page.keyboard.press('Tab');
      const input = demo.locator('textarea.xterm-helper-textarea');
      await expect(input).toBeFocused();
      await page.keyboard.type('help');
      await page.keyboard.press('Enter');
      await expect.poll(() => terminalText(page)).toContain(ui.helpTitle);
      // Tab leaves the terminal (no trap) and writes nothing into it; Shift+Tab comes back.
      const before = await terminalText(page);
      await page.keyboard.press('Tab');
      await expect(input).not.toBeFocused();
      expect(await terminalText(page)).toBe(before);
      await page.keyboard.press('Shift+Tab');
      await expect(input).toBeFocused();
      // Back to the buttons: Space on Clear.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await expect(demo.getByRole('button', { name: ui.clear })).toBeFocused();
      await page.keyboard.press('Space');
      await expect.poll(async () => (await terminalText(page)).trimEnd()).toBe('$');
      // the focus is visible
      const outline = await demo
        .getByRole('button', { name: ui.clear })
        .evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('none');
    });

    // The terminal is open (the step above), in the theme the page loaded with: dark.
    await test.step('the terminal follows the site theme as it changes', async () => {
      const colours = () =>
        page.evaluate((tag) => {
          const element = document.querySelector(tag) as HTMLElement & {
            terminal: { options: { theme: { background?: string; foreground?: string } } };
          };
          const viewport = element.querySelector('.xterm-scrollable-element') ?? element.querySelector('.xterm')!;
          const { background, foreground } = element.terminal.options.theme;
          return { background, foreground, painted: getComputedStyle(viewport).backgroundColor };
        }, TAG);
      const dark = await colours();
      // Starlight's theme picker, used as a learner would.
      await page.locator('starlight-theme-select select').first().selectOption('light');
      await expect.poll(async () => (await colours()).background).not.toBe(dark.background);
      const light = await colours();
      expect(light.background).toBe('#ffffff');
      expect(light.foreground).not.toBe(dark.foreground);
      await expect.poll(async () => (await colours()).painted).not.toBe(dark.painted);
      await page.locator('starlight-theme-select select').first().selectOption('dark');
      await expect.poll(async () => (await colours()).background).toBe(dark.background);
    });
  });

  test('at 360 px: the demo fits; npm run lesson without the lesson; a 1 MB paste', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(lessonUrl(locale));
    await openAndRun(page, locale.code);

    await test.step(
      'at 360 px the demo fits the screen; the terminal has the columns of the widest ' +
        'line and scrolls inside its box, so no line wraps',
      async () => {
        // The demo's frame fits the screen and nothing in it sticks out.
        const frame = page.locator('section.demo', { has: page.locator(TAG) });
        const frameBox = await frame.boundingBox();
        expect(frameBox!.x).toBeGreaterThanOrEqual(0);
        expect(frameBox!.x + frameBox!.width).toBeLessThanOrEqual(360);
        expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const scroller = page.locator(`${TAG} .terminal-box`);
        const box = await scroller.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        // as many columns as the program's widest line: no row of the output is a wrapped one
        const widest = Math.max(...EXPECTED_OUTPUT.split('\n').map((line) => line.length));
        const state = await page.evaluate((tag) => {
          const terminal = (
            document.querySelector(tag) as HTMLElement & {
              terminal: {
                cols: number;
                buffer: { active: { length: number; getLine(y: number): { isWrapped: boolean } | undefined } };
              };
            }
          ).terminal;
          let wrapped = 0;
          for (let y = 0; y < terminal.buffer.active.length; y++)
            if (terminal.buffer.active.getLine(y)?.isWrapped) wrapped++;
          return { cols: terminal.cols, wrapped };
        }, TAG);
        expect(state.cols).toBeGreaterThanOrEqual(widest);
        expect(state.wrapped).toBe(0);
        // wider than the box: it scrolls inside it, and the page says so
        expect(
          await scroller.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'auto'),
        ).toBe(true);
        await expect(page.locator(`${TAG} .terminal-scroll-hint`)).toBeVisible();
        expect(await lastRunOutput(page)).toBe(EXPECTED_OUTPUT);
      },
    );

    await test.step('npm run lesson, without the lesson, runs the one lesson and says what it runs', async () => {
      await page.locator(`${TAG} textarea.xterm-helper-textarea`).focus();
      await page.keyboard.type('npm run lesson');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => terminalText(page))
        .toContain('$ npm run lesson\nThis terminal has one lesson, so it runs: npm run lesson -- l6\n# l6\n');
      await idle(page);
      const text = await terminalText(page);
      expect(text.slice(text.lastIndexOf('# l6')).trimEnd()).toBe(EXPECTED_OUTPUT + '$');
    });

    // How long the terminal's main-thread work takes on the paste is printed by `npm run bench:page`.
    const hugePaste =
      'a 1 MB paste with NUL, lone surrogates, BOM and CRs: 20 lines run, the rest dropped, Clear comes last';
    await test.step(hugePaste, async () => {
      // The text is built in the page (passing a megabyte through the test driver would itself block
      // the page); Clear is pressed right after the paste and waits its turn.
      await page.evaluate(async (tag) => {
        const pasted = '\uFEFF' + 'x\0\uD800y\r'.repeat(100_000) + 'a'.repeat(600_000);
        const element = document.querySelector(tag) as HTMLElement;
        // pasted as a browser pastes: a paste event on the terminal's input
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        element
          .querySelector('textarea')!
          .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        await new Promise((resolve) => setTimeout(resolve, 0));
        element.querySelector<HTMLButtonElement>('button[data-action="clear"]')!.click();
      }, TAG);
      await idle(page);
      // NUL, the lone surrogate and the BOM never reached the line; 20 lines ran (unknown command), the 21st
      // is left typed, the rest was dropped; Clear, pressed during it, came last and kept the typed line
      await expect.poll(() => terminalText(page)).toBe('$ xy');
      // the terminal still works
      await page.locator(TAG).getByRole('button', { name: ui.run }).click();
      await expect.poll(() => lastRunOutput(page)).toBe(EXPECTED_OUTPUT);
    });
  });
});

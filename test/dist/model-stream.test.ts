// The 06c page ("From the model's events to the text on screen") as built, before any script runs,
// in each locale: its language, its sidebar entry right after "Beyond the wire", its sections and
// where the demos and exercises sit, the links to the recordings the course wrote, and the player's
// first state (the OpenAI recording, nothing read yet) already in the page.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitReads, recordingById } from '../../lessons-code/index.ts';
import { uiStrings, fill } from '../ui-strings.ts';
import { LOCALES, page, pagePath, sectionOf } from './site.ts';

const mdxOf = (prefix: string, code: string) =>
  readFileSync(
    new URL(`../../content/docs/${prefix ? code + '/' : ''}ga-ai/06c-model-stream.mdx`, import.meta.url),
    'utf8',
  );

for (const locale of LOCALES) {
  describe(`the model's stream page (${locale.code})`, () => {
    const document = page(pagePath(locale, 'modelStream'));
    const strings = uiStrings(locale.code);
    const t = (key: string, vars?: Record<string, string | number>) => fill(strings[key] ?? `(no ${key})`, vars);

    it('is in its language, with its sidebar entry right after “Beyond the wire”', () => {
      expect(document.documentElement.getAttribute('lang')).toBe(locale.lang);
      const label = /sidebar:\s*\n(?:\s+\w+:.*\n)*?\s+label:\s*["']?(.+?)["']?\s*$/m.exec(
        mdxOf(locale.prefix, locale.code),
      )?.[1];
      const links = [...document.querySelectorAll('nav.sidebar a, nav a[aria-current]')].map(
        (a) => a.getAttribute('href') ?? '',
      );
      const entries = [...new Set(links.filter((href) => /\/ga-ai\/06/.test(href)))];
      const beyond = entries.findIndex((href) => href.endsWith('/ga-ai/06b-beyond-the-wire/'));
      expect(entries[beyond + 1]).toBe(`${locale.prefix}/ga-ai/06c-model-stream/`);
      const link = document.querySelector(`nav a[href$="/ga-ai/06c-model-stream/"]`)!;
      expect(link.textContent?.trim()).toBe(label);
      expect(link.getAttribute('aria-current')).toBe('page');
    });

    it('opens with the lesson opening, and puts the player in its second section', () => {
      expect(document.querySelector('.sl-markdown-content .lesson-opening')).not.toBeNull();
      expect(document.querySelectorAll('.sl-markdown-content h2').length).toBeGreaterThanOrEqual(8);
      expect(sectionOf(document.querySelector('ga-provider-stream-demo')!)).toBe(1);
    });

    it('links the three recordings the course wrote, and each provider’s published reference', () => {
      const hrefs = [...document.querySelectorAll('.sl-markdown-content a')].map((a) => a.getAttribute('href'));
      for (const file of ['openai-responses', 'anthropic-messages', 'gemini-stream'])
        expect(hrefs).toContain(`${locale.prefix}/source/providers/recordings/${file}/`);
      for (const url of [
        'https://platform.openai.com/docs/api-reference/responses-streaming',
        'https://platform.claude.com/docs/en/build-with-claude/streaming',
        'https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent',
      ])
        expect(hrefs).toContain(url);
    });

    it('shows the player’s first state before any script: OpenAI’s recording, its figures, nothing read yet', () => {
      const player = document.querySelector('ga-provider-stream-demo')!;
      const openai = recordingById('openai');
      const reads = splitReads('openai', openai.bytes, 'event').length;
      expect(player.querySelector('[data-provider=openai]')!.getAttribute('aria-pressed')).toBe('true');
      expect(player.querySelector('[data-part=figures]')!.textContent).toBe(
        t(reads === 1 ? 'course.providers.figures_one' : 'course.providers.figures_other', {
          bytes: t('course.count.bytes_other', {
            count: new Intl.NumberFormat(locale.lang).format(openai.bytes.length),
          }),
          count: reads,
        }),
      );
      expect(player.querySelector('[data-part=status]')!.textContent).toBe(t('course.providers.state.idle'));
      expect(player.querySelector('[data-part=bytes-line]')!.textContent).toBe(t('course.providers.bytes.none'));
      expect([...player.querySelectorAll('[data-part=recording] option')].map((o) => o.getAttribute('value'))).toEqual([
        'openai',
        'openai:cut',
        'openai:failed',
        'openai:limit',
        'openai:refused',
        'openai-data-only',
        'openai-data-only:cut',
      ]);
      for (const [value, key] of [
        ['openai:failed', 'failed'],
        ['openai:limit', 'tokenLimit'],
        ['openai:refused', 'refused'],
      ]) {
        expect(player.querySelector(`[data-part=recording] option[value="${value}"]`)!.textContent).toBe(
          t(`course.providers.recording.${key}`),
        );
      }
      // The endings' notices, hidden until a turn ends short of complete, are already in the page's language.
      const notice = player.querySelector('[data-part=cut-notice]')!;
      expect(notice.hasAttribute('hidden')).toBe(true);
      const part = (name: string) => notice.querySelector(`[data-part=${name}]`)!.textContent;
      expect(part('cut-text')).toBe(t('course.providers.cutNotice'));
      expect(part('failed-text')).toBe(t('course.providers.failedNotice'));
      expect(part('refused-text')).toBe(t('course.providers.refusedNotice'));
      expect(notice.querySelector('[data-part=words] p:not([data-part])')!.textContent).toBe(
        t('course.providers.inItsWords'),
      );
      expect(part('retry-text')).toBe(t('course.providers.failedRetry'));
      expect(part('refused-kept')).toBe(t('course.providers.refusedKept'));
      const limit = player.querySelector('[data-part=limit-notice]')!;
      expect(limit.hasAttribute('hidden')).toBe(true);
      expect(limit.textContent!.trim()).toBe(t('course.providers.limitNotice'));
      expect(player.querySelector('[data-part=reasoning-box]')!.hasAttribute('open')).toBe(false);
    });
  });
}

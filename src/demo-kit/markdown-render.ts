// Markdown rendered into a chat bubble in the page (the HTML: src/demo-kit/markdown.ts).
import { markdownHtml } from './markdown.ts';

/** Renders `text` into `target`, replacing what was there. */
export function renderMarkdown(target: HTMLElement, text: string): void {
  target.innerHTML = markdownHtml(text); // safe: raw HTML is off
  for (const link of target.querySelectorAll('a')) {
    link.rel = 'noopener noreferrer nofollow';
    link.target = '_blank';
  }
}

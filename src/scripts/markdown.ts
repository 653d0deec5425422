// Markdown as a chat bubble shows it: CommonMark (markdown-it) with raw HTML off, so markup in an
// answer is shown as text and never runs.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Renders `text` into `target`, replacing what was there. */
export function renderMarkdown(target: HTMLElement, text: string): void {
  target.innerHTML = md.render(text); // safe: html is off, so every < in the text is escaped
  for (const link of target.querySelectorAll('a')) {
    link.rel = 'noopener noreferrer nofollow';
    link.target = '_blank';
  }
}

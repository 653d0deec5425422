// Markdown as a chat bubble shows it: CommonMark (markdown-it) with raw HTML off, so markup in an
// answer is shown as text and never runs. Used by the server (first views) and the browser.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The HTML of `text`: safe to insert, since html is off and every < in the text is escaped. */
export function markdownHtml(text: string): string {
  return md.render(text);
}

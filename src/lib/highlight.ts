// Highlighting for the course's listings, kept light: the lesson page has a budget of DOM elements
// (1,500 before interaction), and a general-purpose highlighter spends several elements on every
// line (Expressive Code: a wrapper per line and a span per token, 1,417 elements for a 133-line
// class). Here only what a reader scans for gets a colour of its own (comments, strings, keywords,
// numbers and declared names), runs of the same colour are merged, and lines are plain text joined
// by line feeds. Shiki (https://shiki.style) does the tokenizing with TypeScript's TextMate grammar.

import { createHighlighter, type Highlighter, type ThemeRegistration } from 'shiki';

/** The five kinds that get a colour; everything else is the text colour. Colours live in CSS (SourceCode.astro). */
const KINDS = { comment: 'c', string: 's', keyword: 'k', number: 'n', name: 'f' } as const;
type Kind = keyof typeof KINDS;

// A theme whose "colours" are the kind names: the tokens come back labelled with what they are.
const marker = (kind: Kind) => `#00000${Object.keys(KINDS).indexOf(kind) + 1}`;
const THEME: ThemeRegistration = {
  name: 'course-kinds',
  type: 'light',
  fg: '#000000',
  bg: '#ffffff',
  tokenColors: [
    { scope: ['comment', 'punctuation.definition.comment'], settings: { foreground: marker('comment') } },
    { scope: ['string', 'punctuation.definition.string', 'string.regexp'], settings: { foreground: marker('string') } },
    { scope: ['keyword', 'storage', 'storage.type', 'storage.modifier'], settings: { foreground: marker('keyword') } },
    // operators and punctuation stay plain: colouring every `=` and `.` would cost a span each
    { scope: ['keyword.operator', 'punctuation', 'meta.brace'], settings: { foreground: '#000000' } },
    {
      scope: ['keyword.operator.new', 'keyword.operator.expression', 'keyword.operator.ternary'],
      settings: { foreground: marker('keyword') },
    },
    {
      scope: ['constant.numeric', 'constant.language', 'constant.character.escape'],
      settings: { foreground: marker('number') },
    },
    {
      scope: [
        'meta.definition.function entity.name.function',
        'meta.definition.method entity.name.function',
        'entity.name.type',
        'entity.name.class',
      ],
      settings: { foreground: marker('name') },
    },
  ],
};
const kindOf = new Map(Object.entries(KINDS).map(([kind, cls]) => [marker(kind as Kind), cls]));

let highlighter: Promise<Highlighter> | undefined;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const cache = new Map<string, Promise<string[]>>();

/**
 * A TypeScript file as HTML, one string per line, for the inside of a `<code>`: one
 * `<span class="…">` per run of a coloured kind, plain text otherwise. The whole file is tokenized
 * even when a page shows a few lines of it: out of its class, a method's `private` or `case` is
 * read wrongly by the grammar.
 */
export function highlightTsLines(source: string): Promise<string[]> {
  let lines = cache.get(source);
  if (!lines) {
    lines = tokenize(source);
    cache.set(source, lines);
  }
  return lines;
}

async function tokenize(source: string): Promise<string[]> {
  highlighter ??= createHighlighter({ themes: [THEME], langs: ['typescript'] });
  const { tokens } = (await highlighter).codeToTokens(source, { lang: 'typescript', theme: 'course-kinds' });
  return tokens.map((line) => {
    let html = '';
    let runKind: string | undefined;
    let run = '';
    const flush = () => {
      if (run !== '') html += runKind ? `<span class="${runKind}">${escape(run)}</span>` : escape(run);
      run = '';
    };
    for (const token of line) {
      // whitespace joins whatever run it sits in, so it never opens a span of its own
      const kind = /^\s*$/.test(token.content) ? runKind : kindOf.get(token.color?.toLowerCase() ?? '');
      if (kind !== runKind) {
        flush();
        runKind = kind;
      }
      run += token.content;
    }
    flush();
    return html;
  });
}

// The prose of a lesson page as a reader sees it, for the typography test of the pages
// (test/unit/content/typography.test.ts); the rules themselves are src/lib/typography.ts.

/**
 * The prose of an MDX page, as a reader sees it: frontmatter values that are shown (title,
 * description, labels), the text between tags, and the title attributes of components. Code (fenced
 * and inline), link targets, imports and JSX expressions are the program's characters, not French.
 */
export function mdxProse(source: string): string[] {
  const end = source.indexOf('\n---\n', 4);
  const front = source.slice(4, end);
  const parts = [...front.matchAll(/^\s*(?:title|description|label|tagline|text):\s*(.*)$/gm)].map((m) =>
    m[1]!.replace(/^(["'])(.*)\1$/, '$2'),
  );
  const body = source.slice(end + 5);
  for (const m of body.matchAll(/<[A-Z][^>\n]*\btitle="([^"]*)"/g)) parts.push(m[1]!);
  parts.push(
    body
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`[^`\n]*`/g, 'X')
      .replace(/<[^>\n]*>/g, 'X')
      .replace(/\]\([^)\n]*\)/g, ']')
      .replace(/^import .*$/gm, '')
      .replace(/\{[^}\n]*\}/g, 'X'),
  );
  return parts;
}

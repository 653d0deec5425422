// The `_headers` file that Netlify and Cloudflare Pages read from the root of what they serve
// (https://docs.netlify.com/manage/routing/headers/, https://developers.cloudflare.com/pages/configuration/headers/):
// blocks of a path (with `*` matching anything, `:name` one segment) and the indented headers for it.
// Read and written by the build (src/deploy/integration.ts), and read by the checks of the built site
// and the browser test that serves it as such a host would (test/e2e/served-site.ts).

export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** The rules of a `_headers` file (comments and blank lines dropped). */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const header = /^\s+([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    const rule = rules.at(-1);
    if (!header || !rule)
      throw new Error(`_headers line ${i + 1}: expected "Name: value" under a path, got "${line.trim()}"`);
    rule.headers.push([header[1]!, header[2]!]);
  }
  return rules;
}

/** A `_headers` file of these rules, each block after its comment lines (if any). */
export function formatHeaders(blocks: { comment?: string[]; rule: HeaderRule }[]): string {
  return (
    blocks
      .map(({ comment = [], rule }) =>
        [
          ...comment.map((line) => `# ${line}`),
          rule.path,
          ...rule.headers.map(([name, value]) => `  ${name}: ${value}`),
        ].join('\n'),
      )
      .join('\n\n') + '\n'
  );
}

/** Whether a rule's path pattern matches a request's path. */
function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The headers a request's path gets, each name (lower case) with the values of every rule that sets
 * it, in the file's order. Hosts differ where a name has two values (Cloudflare joins them with a
 * comma, Netlify keeps one), so the site's file never sets one header twice for a path
 * (test/dist/deploy.test.ts).
 */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const rule of rules) {
    if (!pathMatches(rule.path, path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      found.set(key, [...(found.get(key) ?? []), value]);
    }
  }
  return found;
}

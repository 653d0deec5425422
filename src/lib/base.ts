// The site can be served from any path of a host (`astro build --base /learn/`): pages, components
// and the MDX prose write their links from the site's root ('/es/ga-ai/06-answer-on-the-wire/'),
// and these helpers put the base in front. Astro adds the base to the assets it bundles itself
// (scripts, styles, workers, url() in CSS); links written by hand are the ones that need this.

/** `path` under `base` when it is root-relative ('/x' → '/learn/x'); any other URL as it is. */
export function prefixBase(path: string, base: string): string {
  if (!/^\/(?!\/)/.test(path)) return path; // '#id', 'x/', '//host/x', 'https:…', 'data:…'
  return base.replace(/\/+$/, '') + path;
}

/** A root-relative site path at the base this build uses (Astro's `import.meta.env.BASE_URL`). */
export function withBase(path: string): string {
  // Outside Vite (plain Node), import.meta.env does not exist: the site's root.
  return prefixBase(path, import.meta.env?.BASE_URL ?? '/');
}

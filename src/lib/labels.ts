// Server side: the strings a widget needs, looked up in Starlight's i18n collection and handed to
// the custom element as one JSON data attribute.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `{ key: text }` for every `prefix + key`; a missing key is a build error, never an English fallback. */
export function widgetLabels(t: Translate & { exists?: (key: string) => boolean }, prefix: string, keys: readonly string[]): string {
  const labels: Record<string, string> = {};
  for (const key of keys) {
    const full = prefix + key;
    if (t.exists && !t.exists(full)) throw new Error(`missing UI string: ${full}`);
    labels[key] = t(full); // placeholders such as {{n}} are filled in by the client
  }
  return JSON.stringify(labels);
}

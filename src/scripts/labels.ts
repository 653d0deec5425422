// Client side: the translated strings of one widget, read from its data-labels attribute.

export type Labels = (key: string, vars?: Record<string, string | number>) => string;

/** A lookup that fills `{{name}}` placeholders; an unknown key shows as itself rather than breaking the widget. */
export function readLabels(element: HTMLElement): Labels {
  let table: Record<string, string> = {};
  try {
    table = JSON.parse(element.dataset.labels ?? '{}') as Record<string, string>;
  } catch {
    table = {};
  }
  return (key, vars) => {
    const text = table[key] ?? key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : text;
  };
}

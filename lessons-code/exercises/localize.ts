// Code whose comments speak the learner's language: a template with `// {{key}}` lines, filled
// from one table per locale (a multi-line text becomes several comment lines, same indentation).

import type { Locale, Localized } from './types.ts';

export const LOCALES: readonly Locale[] = ['en', 'es', 'fr'];

export function localizeCode(template: string, comments: Readonly<Record<Locale, Readonly<Record<string, string>>>>): Localized {
  const fill = (locale: Locale): string =>
    template.replace(/^([ \t]*)\/\/ \{\{(\w+)\}\}$/gm, (_, indent: string, key: string) => {
      const text = comments[locale][key];
      if (text === undefined) throw new Error(`missing comment ${key} (${locale})`);
      return text
        .split('\n')
        .map((line) => `${indent}// ${line}`.trimEnd())
        .join('\n');
    });
  return { en: fill('en'), es: fill('es'), fr: fill('fr') };
}

/** The same text in every locale (program output, GA's names). */
export const same = (text: string): Localized => ({ en: text, es: text, fr: text });

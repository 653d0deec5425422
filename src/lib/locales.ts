// The course's languages, written once: Starlight's locales (astro.config.mjs), the exercises' texts
// and the engine (src/exercise-engine/types.ts), the scripts and the tests all take them from here.
// English is at the site's root; the others under their code.

export const COURSE_LOCALES = [
  { code: 'en', lang: 'en', label: 'English', prefix: '' },
  { code: 'es', lang: 'es', label: 'Español', prefix: '/es' },
  { code: 'fr', lang: 'fr', label: 'Français', prefix: '/fr' },
] as const;

export type Locale = (typeof COURSE_LOCALES)[number]['code'];

/** The codes, English first. */
export const LOCALES: readonly Locale[] = COURSE_LOCALES.map((locale) => locale.code);

/** Starlight's `locales` option: English as the root locale, the others by their code. */
export function starlightLocales(): Record<string, { label: string; lang: Locale }> {
  return Object.fromEntries(
    COURSE_LOCALES.map(({ code, lang, label }) => [code === 'en' ? 'root' : code, { label, lang }]),
  );
}

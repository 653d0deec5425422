// An exercise's variants read from disk (variants.ts says what a variant is), and the Vite plugin
// that serves one variant as a string module: an import of `lessons-code/exercises/<id>/exercise.ts
// ?variant=starter&locale=es` gets the starter with its comments in Spanish. The page's script loads the
// starter, and a prediction's solution once revealed, this way: a variant's module holds that
// variant's text only, so the reference solution never reaches the browser with the starter.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../lib/locales.ts';
import { localVariant, type CommentTable, type VariantName } from './variants.ts';

const LOCALE_CODES: ReadonlySet<string> = new Set(LOCALES);
const VARIANT = /^(starter|solution|alternative:[\w-]+)$/;

/** The comment table of `locale` beside an exercise file (none for English, or none written yet). */
function commentsFile(file: string, locale: string): string | undefined {
  const table = join(dirname(file), `comments.${locale}.json`);
  return locale !== 'en' && existsSync(table) ? table : undefined;
}

/** One variant of the exercise file at `file` (a path or a file: URL), in `locale`. */
export function readVariant(
  file: string | URL,
  variant: VariantName,
  locale = 'en',
): { code: string; missing: string[] } {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  const table = commentsFile(path, locale);
  const comments = table === undefined ? undefined : (JSON.parse(readFileSync(table, 'utf8')) as CommentTable);
  return localVariant(readFileSync(path, 'utf8'), variant, comments, path);
}

/** What of a Vite plugin's context this one uses (so that this file needs no import from Vite). */
interface PluginContext {
  addWatchFile(file: string): void;
  warn(message: string): void;
  resolve(source: string, importer?: string, options?: { skipSelf?: boolean }): Promise<{ id: string } | null>;
}

/**
 * `<dir>/exercise.ts?variant=starter&locale=es` is resolved to `<dir>/<id>.starter.es.ts`, a module
 * this plugin makes up: its chunk is then named after the exercise and the variant
 * (`fix-746.starter.es.<hash>.js`) rather than `exercise.<hash>.js` like the page's own script.
 */
const MADE_UP =
  /[\\/]lessons-code[\\/]exercises[\\/]([^\\/]+)[\\/]\1\.(starter|solution|alternative:[\w-]+)\.(en|es|fr)\.ts$/;

export function exerciseVariants() {
  return {
    name: 'course:exercise-variants',
    enforce: 'pre' as const,
    async resolveId(this: PluginContext, source: string, importer: string | undefined): Promise<string | null> {
      const [file, query] = source.split('?', 2) as [string, string | undefined];
      if (query === undefined || !file.endsWith('/exercise.ts')) return null;
      const params = new URLSearchParams(query);
      const variant = params.get('variant') ?? '';
      const locale = params.get('locale') ?? 'en';
      if (!VARIANT.test(variant) || !LOCALE_CODES.has(locale)) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      if (resolved === null) return null;
      const dir = dirname(resolved.id);
      return join(dir, `${basename(dir)}.${variant}.${locale}.ts`);
    },
    load(this: PluginContext, id: string): string | null {
      const match = MADE_UP.exec(id);
      if (match === null) return null;
      const [, , variant, locale] = match as unknown as [string, string, VariantName, string];
      const file = join(dirname(id), 'exercise.ts');
      this.addWatchFile(file);
      const table = commentsFile(file, locale);
      if (table !== undefined) this.addWatchFile(table);
      const { code, missing } = readVariant(file, variant, locale);
      for (const key of missing)
        this.warn(`${file}: no ${locale} translation of the comment “${key}”; it stays in English`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { courseStrings } from './src/lib/ui-keys.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // Starlight's UI strings plus the course's own keys (`course.*`), one JSON file per locale. The course's
  // keys extend Starlight's i18n schema (src/lib/ui-keys.ts, generated from en.json), so that
  // `Astro.locals.t()` accepts them and no other, and each is required: a locale file that lacks one
  // stops the build with its key. The loader reads every JSON file of content/i18n/ but those whose
  // name starts with `_` (node_modules/@astrojs/starlight/dist/loaders.js), which is why the glossary
  // is _glossary.json. Starlight's own keys stay optional (Starlight ships their translations);
  // test/unit/content/i18n.test.ts checks that es.json and fr.json have exactly en.json's keys.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema({ extend: courseStrings }) }),
};

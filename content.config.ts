import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // Starlight's UI strings plus the course's own keys (`course.*`), one JSON file per locale;
  // Starlight's i18n schema lets extra keys through. test/unit/content/i18n.test.ts keeps the locales in step.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};

// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  site: 'https://ga-course.example',
  // The course's sources live at the top level: content/, src/, lessons-code/ (see README).
  srcDir: '.',
  // Parallel builds (several people or test runs at once) can each use their own folders.
  outDir: process.env.GA_OUT_DIR || './dist',
  cacheDir: process.env.GA_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'always',
  integrations: [
    starlight({
      title: {
        en: 'Guitar Alchemist course',
        es: 'Curso de Guitar Alchemist',
        fr: 'Cours Guitar Alchemist',
      },
      description: 'Follow one chatbot answer of Guitar Alchemist from the server to the screen, as server-sent events.',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        es: { label: 'Español', lang: 'es' },
        fr: { label: 'Français', lang: 'fr' },
      },
      sidebar: [
        {
          label: 'GA and AI',
          translations: { es: 'GA e IA', fr: 'GA et IA' },
          items: [{ autogenerate: { directory: 'ga-ai' } }],
        },
      ],
      // Overrides (src/components/overrides/): theme scripts that survive full or blocked storage, and a
      // language-and-theme menu on phones for pages without a sidebar.
      components: {
        Header: './src/components/overrides/Header.astro',
        ThemeProvider: './src/components/overrides/ThemeProvider.astro',
        ThemeSelect: './src/components/overrides/ThemeSelect.astro',
      },
      customCss: ['./src/styles/course.css'],
      lastUpdated: false,
      pagination: true,
    }),
  ],
});

// Starlight's route middleware (`routeMiddleware` in astro.config.mjs,
// https://starlight.astro.build/guides/route-data/): adjusts each page's route data before it renders.
// A hero's action links, written in the frontmatter from the site's root ('/ga-ai/…'), get the
// site's base, as the prose's links do (src/deploy/base-links.ts).

// Starlight's types of `locals.starlightRoute` come with its main module.
import type {} from '@astrojs/starlight';
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { withBase } from './base.ts';

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  for (const action of route.entry.data.hero?.actions ?? []) action.link = withBase(action.link);
});

// Starlight's route middleware (`routeMiddleware` in astro.config.mjs,
// https://starlight.astro.build/guides/route-data/): adjusts each page's route data before it renders.
// - A hero's action links, written in the frontmatter from the site's root ('/ga-ai/…'), get the
//   site's base, as the prose's links do (src/deploy/base-links.ts).
// - The 404 page (pages/404.astro) is the one file a host serves for every missing address, in the
//   three languages at once: it gets no canonical address, no alternate-language links (Starlight
//   would point them to /es/404/ and /fr/404/, which do not exist) and asks not to be indexed.
// - The lessons preload the whitespace font (src/styles/course.css, public/fonts/): every text of the
//   page has it first in its font list, for the signs it draws, and a browser fetches it only when it
//   first lays out one of those signs, often in a demo near the end of the page's load. Its arrival
//   then lays out all the page's text again (a long task of a phone's load); preloaded, it is there
//   before that (https://developer.mozilla.org/docs/Web/HTML/Reference/Attributes/rel/preload).

// Starlight's types of `locals.starlightRoute` come with its main module.
import type {} from '@astrojs/starlight';
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { withBase } from './base.ts';

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  for (const action of route.entry.data.hero?.actions ?? []) action.link = withBase(action.link);
  if (/^(?:(?:es|fr)\/)?ga-ai\//.test(route.id))
    route.head.push({
      tag: 'link',
      attrs: {
        rel: 'preload',
        href: withBase('/fonts/ga-whitespace.otf'),
        as: 'font',
        type: 'font/otf',
        crossorigin: '',
      },
    });
  if (route.id === '404') {
    route.head = route.head.filter(
      ({ tag, attrs = {} }) =>
        !(tag === 'link' && (attrs.rel === 'canonical' || attrs.rel === 'alternate')) &&
        !(tag === 'meta' && attrs.property === 'og:url'),
    );
    route.head.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  }
});

// Where each finding of the stream inspector sends the reader: a section of the course, in each
// language, written as a path under the site's root (no leading slash, so that no script of the
// site holds an address that assumes the domain's root) with the section's id as Starlight makes it
// from the heading. InspectDemo.astro resolves them with lessonSection (src/lib/lesson-sections.ts),
// which stops the build on a link that names no heading; test/dist/links.test.ts checks them again
// in the built pages.

import type { LessonKey } from './findings.ts';

type Links = Readonly<Record<'en' | 'es' | 'fr', string>>;

const L6 = 'ga-ai/06-answer-on-the-wire';
const L6B = 'ga-ai/06b-beyond-the-wire';
const L6C = 'ga-ai/06c-model-stream';
const L6D = 'ga-ai/06d-one-call-per-round';

const links = (page: string, en: string, es: string, fr: string): Links => ({
  en: `${page}/#${en}`,
  es: `es/${page}/#${es}`,
  fr: `fr/${page}/#${fr}`,
});

/** Each section a finding sends the reader to, in each language, as a path under the site's root. */
export const LESSON_LINKS: Readonly<Record<LessonKey, Links>> = {
  fiveRules: links(
    L6,
    'the-five-rules-of-server-sent-events',
    'los-eventos-enviados-por-el-servidor-en-cinco-reglas',
    'cinq-règles-pour-lire-un-flux-dévénements',
  ),
  whenFails: links(L6, 'when-the-answer-fails', 'cuando-algo-sale-mal', 'quand-la-réponse-est-une-erreur'),
  sentences: links(L6, 'sentences', 'cortar-en-frases', 'le-découpage-en-phrases'),
  writerReader: links(
    L6,
    'each-writer-with-each-reader',
    'cada-escritor-con-cada-lector',
    'chaque-émetteur-face-à-chaque-lecteur',
  ),
  networkCuts: links(
    L6B,
    'the-network-cuts-anywhere',
    'la-red-corta-por-cualquier-sitio',
    'le-réseau-coupe-nimporte-où',
  ),
  stopsShort: links(L6B, 'a-stream-that-stops-short', 'un-flujo-que-se-queda-a-medias', 'un-flux-qui-sarrête-en-route'),
  noStream: links(L6B, 'the-stream-that-doesnt-stream', 'el-flujo-que-no-fluye', 'le-flux-qui-ne-sécoule-pas'),
  routeByPayload: links(L6C, 'route-by-the-payload', 'enrutar-por-el-contenido', 'aiguiller-selon-le-contenu'),
  turnEndings: links(
    L6C,
    'cuts-and-how-a-turn-ends',
    'los-cortes-y-cómo-termina-un-turno',
    'les-coupures-et-les-issues-dun-tour',
  ),
  fourDetails: links(
    L6D,
    'four-details-that-fail-without-a-sound',
    'cuatro-detalles-que-fallan-sin-avisar',
    'quatre-détails-qui-échouent-sans-bruit',
  ),
};

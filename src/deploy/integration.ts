// The Astro integration that makes a build fit for its address: the MDX prose's root-relative
// links get the build's base (base-links.ts), whether the base comes from astro.config.mjs or from
// `astro build --base /learn/`.

import { baseLinksPlugin } from './base-links.ts';

/** The integration: `integrations: [courseDeploy(), …]` in astro.config.mjs. */
export function courseDeploy() {
  let base = '/';
  return {
    name: 'course:deploy',
    hooks: {
      'astro:config:setup': ({ config }: { config: { base: string; markdown: { processor?: { name: string; options?: { hastPlugins?: unknown[] } } } } }) => {
        base = config.base;
        const plugin = baseLinksPlugin(base);
        if (!plugin) return;
        // As Starlight adds its own steps: to the options of the processor the config resolved to.
        const processor = config.markdown.processor;
        if (!processor?.options?.hastPlugins) {
          throw new Error(`course:deploy: the Markdown processor ${processor?.name ?? '(none)'} takes no hast plugins; the links of the pages could not get the base ${base}`);
        }
        processor.options.hastPlugins.push(plugin);
      },
    },
  };
}

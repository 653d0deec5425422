// The types of two modules that the search override (Search.astro beside this file) imports and that
// ship none.

declare module '@pagefind/default-ui' {
  /** Pagefind's search box, built into `element` (options: https://pagefind.app/docs/ui/). */
  export class PagefindUI {
    constructor(options: {
      element: Element;
      bundlePath: string;
      baseUrl: string;
      showImages: boolean;
      showSubResults: boolean;
      translations: Record<string, string>;
    });
  }
}

declare module 'virtual:starlight/pagefind-config' {
  /** Starlight's `pagefind` setting (its ranking weights and index options), for Pagefind's search. */
  export const pagefindUserConfig: Record<string, unknown>;
}

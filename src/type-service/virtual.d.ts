// The modules the build makes from the project's files (vite-plugin.ts, from setup-node.ts).

declare module 'virtual:type-service/options' {
  import type ts from 'typescript';
  /** tsconfig.json's compiler options, as the page's checker uses them. */
  const options: ts.CompilerOptions;
  export default options;
}

declare module 'virtual:type-service/libs' {
  /** TypeScript's lib files that the options name, by path. */
  const libs: Record<string, string>;
  export default libs;
}

declare module 'virtual:type-service/declarations' {
  /** lessons-code's declarations, emitted from its sources, by path. */
  const declarations: Record<string, string>;
  export default declarations;
}

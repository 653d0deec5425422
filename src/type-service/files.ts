// The page's checker of types works on a folder of its own, in memory: the lib files at its root,
// lessons-code's declarations in /lessons-code/, and each exercise's code as /exercises/<id>.ts.

import type ts from 'typescript';

/** Where `import … from 'lessons-code'` leads (tsconfig.json's `paths`, in the page's folder). */
export const LESSONS_CODE_ENTRY = '/lessons-code/index.d.ts';

/** The file that holds an exercise's code. */
export const exerciseFile = (id: string): string => `/exercises/${id}.ts`;

/** What the checker is given: compiler options, lib files and lessons-code's declarations, by path. */
export interface TypeSetup {
  options: ts.CompilerOptions;
  libs: Record<string, string>;
  declarations: Record<string, string>;
}

// One file per exercise (src/exercise-engine/variants.ts): the variants it holds, their comments in
// three languages, and the code each learner gets, type-checked as strictly as the project's own.
// That every comment is translated, and the starter is not the solution, are rules of the contract
// (src/exercise-engine/check-exercise.ts).

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { alternativeSources } from '../../../src/exercise-engine/sources.ts';
import { LOCALES } from '../../../src/exercise-engine/types.ts';
import { alternativesIn, commentBlocks, translateComments, variantOf } from '../../../src/exercise-engine/variants.ts';
import { EXERCISES } from '../../exercises.ts';
import { writeVariant } from './exercise-variants.ts';

const FILE = `import { x } from 'lessons-code';

// Shared by every variant.
export function f(): number {
  // #starter
  // // Make it return 2.
  // return 1;
  // #solution
  // Two, as asked.
  return 2;
  // #alternative sum
  // return 1 + 1;
  // #end
}
// #solution
export const helper = 3;
// #end
`;

describe('an exercise file and its variants', () => {
  it(
    'each variant keeps the shared lines and its own branch; the starter gets ' +
      'nothing where it has no branch, an alternative the solution’s lines',
    () => {
      expect(variantOf(FILE, 'starter')).toBe(
        "import { x } from 'lessons-code';\n\n// Shared by every variant.\nexport " +
          'function f(): number {\n  // Make it return 2.\n  return 1;\n}\n',
      );
      expect(variantOf(FILE, 'solution')).toBe(
        "import { x } from 'lessons-code';\n\n// Shared by every variant.\nexport " +
          'function f(): number {\n  // Two, as asked.\n  return 2;\n}\nexport const ' +
          'helper = 3;\n',
      );
      expect(variantOf(FILE, 'alternative:sum')).toBe(
        "import { x } from 'lessons-code';\n\n// Shared by every variant.\nexport " +
          'function f(): number {\n  return 1 + 1;\n}\nexport const helper = 3;\n',
      );
      expect(alternativesIn(FILE)).toEqual(['sum']);
    },
  );

  it('a malformed file is refused with the line at fault', () => {
    expect(() => variantOf('// #starter\n// a\n', 'starter', 'x.ts')).toThrow('x.ts: a group is not closed by // #end');
    expect(() => variantOf('// #end\n', 'starter', 'x.ts')).toThrow('x.ts:1: // #end without a group');
    expect(() => variantOf('// #starter\nreturn 1;\n// #end\n', 'starter', 'x.ts')).toThrow(
      'x.ts:2: a line of a starter or alternative branch must start with //',
    );
    expect(() => variantOf('// #starter\n// a\n// #starter\n// #end\n', 'starter', 'x.ts')).toThrow(
      'x.ts:3: a second // #starter in one group',
    );
  });

  it(
    'comments are translated block by block, whatever their wrapping; a block ' +
      'without a translation stays and is reported',
    () => {
      const code = '  // One two\n  // three.\n  f();\n// Four.\n';
      expect(commentBlocks(code).map((b) => b.key)).toEqual(['One two three.', 'Four.']);
      expect(translateComments(code, { 'One two three.': ['Uno dos tres.'] })).toEqual({
        code: '  // Uno dos tres.\n  f();\n// Four.\n',
        missing: ['Four.'],
      });
    },
  );
});

describe('the course’s exercise files', () => {
  it('every variant a learner gets (starter and solution in three languages) and ' +
    'every alternative type-checks with the project’s options', () => {
    const files = EXERCISES.flatMap((id) => [
      ...LOCALES.flatMap((locale) => [writeVariant(id, 'starter', locale), writeVariant(id, 'solution', locale)]),
      ...alternativeSources(id).map(({ name }) => writeVariant(id, `alternative:${name}`)),
    ]);
    const configPath = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
    const config = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(String(d.messageText));
        },
      },
    )!;
    const program = ts.createProgram(files, config.options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && files.includes(d.file.fileName))
      .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
    // The check can fail: a starter with a type error is found.
    const broken = writeVariant(
      'fix-746',
      'starter',
      'en',
      (code) => code.replace("return 'data: ' + chunk + '\\n\\n';", 'return 42;'),
      'broken-',
    );
    const diagnostics = ts
      .getPreEmitDiagnostics(ts.createProgram([broken], config.options))
      .filter((d) => d.file?.fileName === broken);
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([
      "Type 'number' is not assignable to type 'string'.",
    ]);
  }, 60_000);
});

// Every export of lessons-code/index.ts, the library's public API, has TSDoc at its declaration:
// what an editor shows on hover, and what a reader of the library finds beside the code. A new
// export without it is named here.

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('../../../lessons-code/index.ts', import.meta.url));

/** `name (file:line)` for each export of `index` whose declaration has no documentation comment. */
function undocumentedExports(index: string): { total: number; missing: string[] } {
  const program = ts.createProgram([index], {
    allowImportingTsExtensions: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(index)!)!;
  const missing: string[] = [];
  const exports = checker.getExportsOfModule(module);
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '') continue;
    const declaration = symbol.declarations?.[0];
    const file = declaration?.getSourceFile();
    const line = file ? file.getLineAndCharacterOfPosition(declaration!.getStart()).line + 1 : 0;
    const where = file ? `${file.fileName.slice(file.fileName.indexOf('lessons-code/'))}:${line}` : '?';
    missing.push(`${exported.name} (${where})`);
  }
  return { total: exports.length, missing };
}

describe('the lessons-code API is documented', () => {
  it('every export of index.ts has TSDoc where it is declared', () => {
    const { total, missing } = undocumentedExports(INDEX);
    expect(total).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});

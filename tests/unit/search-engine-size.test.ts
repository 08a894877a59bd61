// The search engines stay in pieces a reader can hold: no file of server/store/*/search/ (nor a search*.ts file
// beside it) over 400 lines, and no function in them over 150 lines. A failure names the file or function.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;
const root = join(import.meta.dirname, '../..');
const stores = join(root, 'server/store');

/** Every .ts file under `dir`. */
const tsFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
  });

/** The engines' search files: server/store/<engine>/search/** and server/store/<engine>/search*.ts. */
const searchFiles = () =>
  readdirSync(stores)
    .filter((engine) => statSync(join(stores, engine)).isDirectory())
    .flatMap((engine) =>
      readdirSync(join(stores, engine))
        .filter((name) => name.startsWith('search'))
        .flatMap((name) => {
          const path = join(stores, engine, name);
          return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
        }),
    );

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Functions (declarations, expressions, arrows, methods, accessors, constructors) longer than `max` lines,
 *  as "name (lines)"; a function's lines include those of the functions inside it. */
export function longFunctions(fileName: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = line(node.end) - line(node.getStart(source)) + 1;
      if (lines > max) long.push(`${functionName(node)} (${lines} lines, from line ${line(node.getStart(source)) + 1})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

function functionName(node: ts.SignatureDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return 'an anonymous function';
}

describe('search engine files', () => {
  const files = searchFiles();

  it('are found in both engines’ search folders', () => {
    const rel = files.map((f) => relative(root, f));
    expect(rel.filter((f) => f.startsWith('server/store/sqlite/search/')).length).toBeGreaterThan(3);
    expect(rel.filter((f) => f.startsWith('server/store/postgres/search/')).length).toBeGreaterThan(3);
  });

  it(`are at most ${MAX_FILE_LINES} lines each`, () => {
    const long = files.map((f) => [relative(root, f), lineCount(readFileSync(f, 'utf8'))] as const).filter(([, n]) => n > MAX_FILE_LINES);
    expect(long.map(([f, n]) => `${f}: ${n} lines`)).toEqual([]);
  });

  it(`have no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8')).map((l) => `${relative(root, f)}: ${l}`));
    expect(long).toEqual([]);
  });

  it('measures every kind of function, and the lines of the functions inside one', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `function declared() {\n${body(4)}\n}`,
      `const arrow = () => {\n${body(4)}\n};`,
      `const object = { method() {\n${body(4)}\n} };`,
      `class C { constructor() {\n${body(4)}\n} get value() {\n${body(4)}\n} }`,
      `export function outer() {\n  const inner = function () {\n${body(4)}\n  };\n${body(2)}\n}`,
      `function short() {\n  return 1;\n}`,
    ].join('\n');
    expect(longFunctions('sample.ts', text, 5)).toEqual([
      'declared (6 lines, from line 1)',
      'arrow (6 lines, from line 7)',
      'method (6 lines, from line 13)',
      'constructor (6 lines, from line 19)',
      'value (6 lines, from line 24)',
      'outer (10 lines, from line 30)',
      'inner (6 lines, from line 31)',
    ]);
  });
});

// The size guards' measures: the files over the line limit and the functions over theirs (scripts/guards.mjs
// compares them with the baseline).
//
// Files: .ts .tsx .mjs .js .css under the source folders, at most FILE_LIMIT lines. Not counted: dist and
// node_modules, JSON catalogues (data, not code), files that say they are generated, and HTML: the HTML files are
// the console's and viewer's entry pages (a dozen lines) and the manuals, documents whose length is their text,
// cut into pages by topic and not by size. The duplicate scan reads HTML all the same.
//
// Functions: every function, method, arrow or accessor, counted from its first line to its last, nested
// functions included. A callback given to `describe` (or `describe.each(...)`, `describe.skip`...) is a grouping
// of tests, not a function, and is not counted; the tests' own callbacks (`it`, `test`, hooks) and test helpers are.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const FILE_LIMIT = 400;
export const FUNCTION_LIMIT = 150;
export const SOURCE_ROOTS = ['apps/', 'packages/', 'e2e/', 'bench/', 'scripts/'];
const SIZED = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/;
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const GROUPINGS = new Set(['describe', 'suite']);

/** Source files the size guards read, from the names the duplicate scan lists. */
export function sizedFiles(names) {
  return names.filter((name) => SOURCE_ROOTS.some((root) => name.startsWith(root)) && SIZED.test(name));
}

function isGenerated(text) {
  return /@generated|DO NOT EDIT/.test(text.slice(0, 400));
}

function lineCount(text) {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * Measures the files: `{ lines: { file: count }, functions: { file: [{ name, line, lines }] } }`, each holding only
 * what is over its limit.
 */
export function measure(root, names) {
  const ts = createRequire(path.join(root, 'package.json'))('typescript');
  const lines = {};
  const functions = {};
  for (const name of sizedFiles(names)) {
    const text = readFileSync(path.join(root, name), 'utf8');
    if (isGenerated(text)) continue;
    const count = lineCount(text);
    if (count > FILE_LIMIT) lines[name] = count;
    if (!CODE.test(name)) continue;
    const long = longFunctions(ts, name, text);
    if (long.length > 0) functions[name] = long;
  }
  return { lines, functions };
}

function longFunctions(ts, name, text) {
  const kind = name.endsWith('x') ? ts.ScriptKind.TSX : name.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (isFunction(ts, node) && node.body && !isGrouping(ts, node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > FUNCTION_LIMIT) found.push({ name: functionName(ts, node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.sort((a, b) => b.lines - a.lines || a.line - b.line);
}

function isFunction(ts, node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The name a call is made through: `describe` for `describe(...)`, `describe.each(rows)(...)`, `describe.skip(...)`. */
function calleeRoot(ts, expression) {
  let current = expression;
  while (ts.isPropertyAccessExpression(current) || ts.isCallExpression(current)) current = current.expression;
  return ts.isIdentifier(current) ? current.text : '';
}

function isGrouping(ts, node) {
  const parent = node.parent;
  return (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    ts.isCallExpression(parent) &&
    parent.arguments.includes(node) &&
    GROUPINGS.has(calleeRoot(ts, parent.expression))
  );
}

/** A name to find the function by: its own, the variable or property it is given to, or the call it is passed to. */
function functionName(ts, node, source) {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const [first] = parent.arguments;
    const label = first && ts.isStringLiteralLike(first) ? ` '${first.text.slice(0, 50)}'` : '';
    return `callback of ${parent.expression.getText(source).slice(0, 40)}${label}`;
  }
  return 'function';
}

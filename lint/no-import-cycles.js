import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * `chain-bill/no-import-cycles`: no file of a folder (option `folder`, e.g. src/lib) reaches itself again
 * through the folder's static imports, `import type` included. The first step is read from the file being
 * linted, the rest from disk with TypeScript's parser. Dynamic `import()` does not count: it runs after
 * both modules have loaded, so it cannot leave one half-initialised.
 */

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

function resolveFile(base) {
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  for (const ext of EXTENSIONS) {
    const index = path.join(base, `index${ext}`);
    if (fs.existsSync(index)) return index;
  }
  return null;
}

/** The file an import names (`@/` is src/), or null for packages and what does not exist. */
function resolveImport(root, fromFile, specifier) {
  if (specifier.startsWith('@/')) return resolveFile(path.join(root, 'src', specifier.slice(2)));
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  return null;
}

const parsed = new Map();

/** The static import and re-export specifiers of a file on disk, cached by modification time. */
function importsOnDisk(file) {
  const { mtimeMs } = fs.statSync(file);
  const cached = parsed.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.specifiers;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  parsed.set(file, { mtimeMs, specifiers });
  return specifiers;
}

/** A path of imports inside `folder` from `start` back to `target`, or null. */
function pathBack(root, folder, start, target) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === target) return trail;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of importsOnDisk(file)) {
      const next = resolveImport(root, file, specifier);
      if (!next || !next.startsWith(folder + path.sep)) continue;
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { folder: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.cwd;
    const folder = path.resolve(root, context.options[0]?.folder ?? 'src/lib');
    const file = path.resolve(context.filename);
    if (!file.startsWith(folder + path.sep)) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveImport(root, file, node.source.value);
      if (!target || !target.startsWith(folder + path.sep)) return;
      const trail = pathBack(root, folder, target, file);
      if (!trail) return;
      const names = [file, ...trail].map((f) => path.relative(root, f)).join(' -> ');
      context.report({
        node,
        message: `${path.relative(root, folder)} must have no import circle: ${names}`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

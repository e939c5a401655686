// The test files that use the test database (tests/db.ts): a file that imports it, or imports a
// helper of tests/ that does. CI runs the whole suite on PGlite, then only these again on
// PostgreSQL (TEST_DATABASE_URL): the others do not touch the database the variable chooses, so a
// second run would repeat them unchanged (docs/architecture.md#tests).
//   npx tsx scripts/database-tests.ts          prints the files, one per line
//   npx tsx scripts/database-tests.ts --run    runs vitest on them (what `npm run test:db` does)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_FOLDERS = ['src', 'scripts', 'tests'];

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files of `root`'s tests/ that `file` imports (relative specifiers; `.ts` added when left out). */
function testHelpersOf(root: string, file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const helpers: string[] = [];
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const resolved = path.resolve(path.dirname(file), specifier!);
    const candidate = fs.existsSync(`${resolved}.ts`) ? `${resolved}.ts` : resolved;
    if (candidate.startsWith(path.join(root, 'tests') + path.sep) && candidate.endsWith('.ts')) helpers.push(candidate);
  }
  return helpers;
}

/** Whether `file` reaches tests/db.ts through its imports of tests/ helpers. */
function usesDatabase(root: string, file: string, seen = new Set<string>()): boolean {
  if (file === path.join(root, 'tests', 'db.ts')) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return testHelpersOf(root, file).some((helper) => usesDatabase(root, helper, seen));
}

/** The test files under `root` (the repository by default) that use the test database, relative to it. */
export function databaseTestFiles(root: string = repository): string[] {
  return TEST_FOLDERS.flatMap((folder) => testFiles(path.join(root, folder)))
    .filter((file) => usesDatabase(root, file))
    .map((file) => path.relative(root, file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = databaseTestFiles();
  if (process.argv.includes('--run')) {
    console.log(`vitest on the ${files.length} test files that use the test database (scripts/database-tests.ts)`);
    const result = spawnSync('npx', ['--no-install', 'vitest', 'run', ...files], { stdio: 'inherit', cwd: repository });
    process.exit(result.status ?? 1);
  }
  console.log(files.join('\n'));
}

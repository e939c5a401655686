import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-tests';

describe('the test files CI runs again on PostgreSQL', () => {
  const files = databaseTestFiles();

  it('holds the files that import the test database, directly or through a helper of tests/', () => {
    expect(files).toContain('src/server/orders/order.service.test.ts');
    expect(files).toContain('src/server/api/catalog.api.test.ts');
    expect(files).toContain('src/server/orders/placement-lock.test.ts');
  });

  it('leaves out the files that never open it', () => {
    for (const file of ['src/domain/money.test.ts', 'scripts/page-weight.test.ts', 'src/server/uploads/product-photo.test.ts']) {
      expect(files).not.toContain(file);
    }
  });
});

describe('following the imports', () => {
  it('finds a test that reaches the database only through helpers of tests/, and not one that imports other code', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'database-tests-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    try {
      write('tests/db.ts', 'export const freshDatabase = 1;\n');
      write('tests/shop.ts', "import { freshDatabase } from './db';\nexport const shop = freshDatabase;\n");
      write('tests/api.ts', "export { shop } from './shop';\n");
      write('tests/plain.ts', 'export const plain = 1;\n');
      write('src/a/through-helpers.test.ts', "import { shop } from '../../tests/api';\n");
      write('src/a/direct.test.ts', "import { freshDatabase } from '../../tests/db.ts';\n");
      write('src/a/plain.test.ts', "import { plain } from '../../tests/plain';\nimport { money } from '../domain/money';\n");
      write('scripts/none.test.ts', "import { describe } from 'vitest';\n");
      expect(databaseTestFiles(root)).toEqual(['src/a/direct.test.ts', 'src/a/through-helpers.test.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

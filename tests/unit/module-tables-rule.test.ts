import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rule that keeps a module's tables its own (eslint.config.js), run on code as if it
// were in a file of the server.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const importing = (from: string) => `import { t } from '${from}';\nexport const x = t;\n`;

describe("a module's tables", () => {
  // Loading the config and its plugins is the slow part: once, before the cases.
  beforeAll(() => eslint.calculateConfigForFile(path.join(root, 'server/app.ts')), 60_000);

  it("another module's tables.ts is refused, saying what to import instead", async () => {
    const messages = await restrictedImports(
      'server/modules/wishlist/service.ts',
      importing('../catalog/tables.ts'),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("import the owning module's public functions");
  });

  it('so is a path deeper into it, or one without the extension', async () => {
    expect(
      await restrictedImports('server/modules/cart/service.ts', importing('../auth/tables')),
    ).toHaveLength(1);
    expect(
      await restrictedImports('server/modules/cart/service.ts', importing('../auth/tables/x.ts')),
    ).toHaveLength(1);
  });

  it("another module's public functions and the module's own tables pass", async () => {
    expect(
      await restrictedImports('server/modules/wishlist/service.ts', importing('./tables.ts')),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'server/modules/wishlist/service.ts',
        importing('../catalog/service.ts'),
      ),
    ).toEqual([]);
  });

  it("a tables.ts may name another module's table, and a test may set up its rows", async () => {
    expect(
      await restrictedImports('server/modules/wishlist/tables.ts', importing('../auth/tables.ts')),
    ).toEqual([]);
    expect(
      await restrictedImports('server/modules/wishlist/x.test.ts', importing('../auth/tables.ts')),
    ).toEqual([]);
  });

  it('a plugin calls the module too', async () => {
    expect(
      await restrictedImports('server/plugins/sessions.ts', importing('../modules/auth/tables.ts')),
    ).toHaveLength(1);
  });
});

/** The lint rule that refuses `{…} as T` and `as unknown as` outside its allowlist (lint/type-assertions.js). */
import { RuleTester } from 'eslint';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import typeAssertions from '../../lint/type-assertions.js';

RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = join(import.meta.dirname, '..', '..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const rule = typeAssertions.rules['no-dangerous-type-assertions'];
const allow = [{ file: 'shared/listed.ts', reason: 'a lookup the compiler cannot correlate' }];

tester.run('no-dangerous-type-assertions', rule, {
  valid: [
    { code: "const m: Mutation = { kind: 'add-contact', params: {} };" },
    { code: "const m = { kind: 'add-contact', params: {} } satisfies Mutation;" },
    { code: "const kinds = { a: 1 } as const;" },
    // Narrowing a value that is not an object literal stays possible.
    { code: 'const row = stmt.get(id) as Row | undefined;' },
    { code: 'const n = value as unknown;' },
    // A listed file may do both.
    { code: 'const d = RESOURCES[r] as unknown as Descriptor<R>;', filename: join(ROOT, 'shared/listed.ts'), options: [{ allow }] },
    { code: 'const m = { kind } as Mutation;', filename: join(ROOT, 'shared/listed.ts'), options: [{ allow }] },
  ],
  invalid: [
    { code: "queue({ kind: 'open-ticket', params } as Mutation);", errors: [{ messageId: 'objectLiteral' }] },
    { code: 'call({ contactid: id } as never);', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const m = <Mutation>{ kind };', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const m = ({ ...a, b: 1 }) as Params;', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const rows = page.rows as unknown as Department[];', errors: [{ messageId: 'doubleCast' }] },
    {
      code: 'const x = { a: 1 } as unknown as T;',
      errors: [{ messageId: 'doubleCast' }, { messageId: 'objectLiteral' }],
    },
    // Listed is by file: another file is not.
    { code: 'const d = RESOURCES[r] as unknown as Descriptor<R>;', filename: join(ROOT, 'shared/other.ts'), options: [{ allow }], errors: [{ messageId: 'doubleCast' }] },
  ],
});

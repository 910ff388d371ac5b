/**
 * The lint rules of type assertions (lint/type-assertions.js): no `{…} as T`, `as unknown as` or `as never`, each
 * exemption on its own line with its reason; and the rule that every disable comment names its rules and says
 * why (lint/disable-reasons.js).
 */
import { Linter, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import tseslint from 'typescript-eslint';
import disableReasons from '../../lint/disable-reasons.js';
import typeAssertions from '../../lint/type-assertions.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-dangerous-type-assertions', typeAssertions.rules['no-dangerous-type-assertions'], {
  valid: [
    { code: "const m: Mutation = { kind: 'add-contact', params: {} };" },
    { code: "const m = { kind: 'add-contact', params: {} } satisfies Mutation;" },
    { code: 'const kinds = { a: 1 } as const;' },
    // Narrowing a value that is not an object literal stays possible.
    { code: 'const row = stmt.get(id) as Row | undefined;' },
    { code: 'const n = value as unknown;' },
    { code: 'const out = reply.value as ProcedureOutput<N>;' },
  ],
  invalid: [
    { code: "queue({ kind: 'open-ticket', params } as Mutation);", errors: [{ messageId: 'objectLiteral' }] },
    { code: 'call({ contactid: id } as never);', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const m = <Mutation>{ kind };', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const m = ({ ...a, b: 1 }) as Params;', errors: [{ messageId: 'objectLiteral' }] },
    { code: 'const rows = page.rows as unknown as Department[];', errors: [{ messageId: 'doubleCast' }] },
    { code: 'const x = { a: 1 } as unknown as T;', errors: [{ messageId: 'doubleCast' }, { messageId: 'objectLiteral' }] },
    { code: 'return reply.value as never;', languageOptions: { parserOptions: { ecmaFeatures: { globalReturn: true } } }, errors: [{ messageId: 'toNever' }] },
    { code: 'send(client as never, params);', errors: [{ messageId: 'toNever' }] },
    { code: 'const v = <never>value;', errors: [{ messageId: 'toNever' }] },
    { code: 'overlay(resource, rows as never[], pending);', errors: [{ messageId: 'toNever' }] },
    { code: 'overlay(resource, rows as readonly never[], pending);', errors: [{ messageId: 'toNever' }] },
  ],
});

tester.run('disable-reasons', disableReasons.rules['disable-reasons'], {
  valid: [
    { code: '// eslint-disable-next-line no-console -- the CLI speaks on stdout\nconsole.log(1);' },
    { code: '/* eslint-disable no-console, no-debugger -- a template the page runs */' },
    { code: 'const a = 1; // eslint-disable-line no-unused-vars -- kept for its side effect' },
    // Not a directive.
    { code: '// eslint rules are listed in eslint.config.js' },
  ],
  invalid: [
    { code: '// eslint-disable-next-line no-console\nconsole.log(1);', errors: [{ messageId: 'noReason' }] },
    { code: '// eslint-disable-next-line -- no rule named\nconsole.log(1);', errors: [{ messageId: 'noRule' }] },
  ],
});

describe('an exemption, as the config applies the rules', () => {
  const linter = new Linter();
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' as const },
    plugins: { 'type-assertions': typeAssertions, 'disable-reasons': disableReasons },
    rules: { 'type-assertions/no-dangerous-type-assertions': 'error' as const, 'disable-reasons/disable-reasons': 'error' as const },
  };
  const problems = (code: string) => linter.verify(code, [config], 'x.ts').map((m) => m.ruleId ?? m.message);

  it('holds for its own line only, with its reason', () => {
    const exempt = '// eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a test feeds wrong input';
    expect(problems(`${exempt}\nsend(input as never);`)).toEqual([]);
    expect(problems(`${exempt}\nconst a = 1;\nsend(input as never);`)).toEqual([
      expect.stringMatching(/Unused eslint-disable directive/),
      'type-assertions/no-dangerous-type-assertions',
    ]);
  });

  it('is refused without its reason', () => {
    expect(problems('// eslint-disable-next-line type-assertions/no-dangerous-type-assertions\nsend(input as never);')).toEqual(['disable-reasons/disable-reasons']);
  });
});

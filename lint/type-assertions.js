// @ts-check
/**
 * Type assertions that silence the compiler where it should speak (as VS Code's code-no-dangerous-type-assertions):
 * - `{ … } as T` (or `<T>{ … }`): an object literal asserted to a type is not checked against it, so a field the
 *   type lacks, or one of the wrong type, compiles (the forms' `{ kind, params } as Mutation` hid three such).
 *   Annotate instead (`const x: T = { … }`, `satisfies T`); `as const` is fine.
 * - `x as unknown as T`: a cast between unrelated types, past every check.
 * Both are refused except in the files listed in the rule's options (eslint.config.js), each with the reason
 * nothing better exists there (a lookup the compiler cannot correlate, a test feeding wrong input on purpose).
 */
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** @typedef {{ file: string, reason: string }} Allowed */

/** @param {any} node an expression, seen through parentheses and non-null assertions */
const unwrapped = (node) => (node.type === 'TSNonNullExpression' ? unwrapped(node.expression) : node);

/** @type {import('eslint').Rule.RuleModule} */
const noDangerousTypeAssertions = {
  meta: {
    type: 'problem',
    docs: { description: 'No type assertion on an object literal; no `as unknown as` outside a listed few files.' },
    messages: {
      objectLiteral: 'Do not assert an object literal to a type ({{type}}): the compiler stops checking its fields. Annotate it (`const x: T = {…}`) or use `satisfies`, or list the file in eslint.config.js with the reason.',
      doubleCast: '`as unknown as {{type}}` casts past every check. Type the value, or add this file to the allowlist in eslint.config.js with the reason.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { file: { type: 'string' }, reason: { type: 'string', minLength: 10 } },
              required: ['file', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    /** @type {Allowed[]} */
    const allow = context.options[0]?.allow ?? [];
    const file = relative(ROOT, context.filename).split('\\').join('/');
    const allowed = allow.some((entry) => entry.file === file);
    const typeText = (/** @type {any} */ node) => context.sourceCode.getText(node.typeAnnotation);

    /** @param {any} node a TSAsExpression or TSTypeAssertion */
    const check = (node) => {
      if (allowed) return;
      const inner = unwrapped(node.expression);
      const annotation = node.typeAnnotation;
      const asConst = annotation.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === 'const';
      if (inner.type === 'ObjectExpression' && !asConst) {
        context.report({ node, messageId: 'objectLiteral', data: { type: typeText(node) } });
        return;
      }
      const throughUnknown = (inner.type === 'TSAsExpression' || inner.type === 'TSTypeAssertion') && inner.typeAnnotation.type === 'TSUnknownKeyword';
      if (throughUnknown) context.report({ node, messageId: 'doubleCast', data: { type: typeText(node) } });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

export default { rules: { 'no-dangerous-type-assertions': noDangerousTypeAssertions } };

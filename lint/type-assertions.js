// @ts-check
/**
 * Type assertions that silence the compiler where it should speak (as VS Code's code-no-dangerous-type-assertions):
 * - `{ … } as T` (or `<T>{ … }`): an object literal asserted to a type is not checked against it, so a field the
 *   type lacks, or one of the wrong type, compiles (the forms' `{ kind, params } as Mutation` hid three such).
 *   Annotate instead (`const x: T = { … }`, `satisfies T`); `as const` is fine.
 * - `x as unknown as T`: a cast between unrelated types, past every check.
 * - `x as never` (or `never[]`): `never` is assignable to every type, so the value fits any parameter, checked
 *   by nothing.
 * Where nothing better exists (a lookup the compiler cannot correlate, a test feeding wrong input on purpose), the
 * line says so itself: `// eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- <why>`. A
 * disable without its reason is refused by lint/disable-reasons.js, one left with nothing to disable by ESLint.
 */

/** @param {any} node an expression, seen through non-null assertions */
const unwrapped = (node) => (node.type === 'TSNonNullExpression' ? unwrapped(node.expression) : node);

/** @param {any} type `never`, or an array of it (`never[]`, `readonly never[]`) */
const isNever = (type) =>
  type.type === 'TSNeverKeyword' ||
  (type.type === 'TSArrayType' && isNever(type.elementType)) ||
  (type.type === 'TSTypeOperator' && type.operator === 'readonly' && isNever(type.typeAnnotation));

/** @type {import('eslint').Rule.RuleModule} */
const noDangerousTypeAssertions = {
  meta: {
    type: 'problem',
    docs: { description: 'No type assertion on an object literal, through unknown, or to never.' },
    messages: {
      objectLiteral: 'Do not assert an object literal to a type ({{type}}): the compiler stops checking its fields. Annotate it (`const x: T = {…}`) or use `satisfies`.',
      doubleCast: '`as unknown as {{type}}` casts past every check. Type the value, or say on the line why nothing better exists (eslint-disable-next-line … -- why).',
      toNever: '`as never` fits the value to any type, checked by nothing. Type the value (a generic, a typed helper), or say on the line why nothing better exists (eslint-disable-next-line … -- why).',
    },
    schema: [],
  },
  create(context) {
    const typeText = (/** @type {any} */ node) => context.sourceCode.getText(node.typeAnnotation);

    /** @param {any} node a TSAsExpression or TSTypeAssertion */
    const check = (node) => {
      const inner = unwrapped(node.expression);
      const annotation = node.typeAnnotation;
      const asConst = annotation.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === 'const';
      if (inner.type === 'ObjectExpression' && !asConst) {
        context.report({ node, messageId: 'objectLiteral', data: { type: typeText(node) } });
        return;
      }
      if (isNever(annotation)) {
        context.report({ node, messageId: 'toNever' });
        return;
      }
      const throughUnknown = (inner.type === 'TSAsExpression' || inner.type === 'TSTypeAssertion') && inner.typeAnnotation.type === 'TSUnknownKeyword';
      if (throughUnknown) context.report({ node, messageId: 'doubleCast', data: { type: typeText(node) } });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

export default { rules: { 'no-dangerous-type-assertions': noDangerousTypeAssertions } };

// @ts-check
/**
 * Every comment that turns a lint rule off names the rules it turns off and says why, after `--`
 * (`// eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a test feeds wrong input`): an
 * exemption is read where it stands, with its reason beside it, never in a list elsewhere. Comments in a .vue
 * template are eslint-plugin-vue's, and not seen here; nor is a bare `eslint-disable` or `eslint-disable-line`,
 * which silences this rule's report on its own line too.
 */

/** A directive, its rules, and what follows ESLint's description separator (two or more dashes between spaces). */
const DIRECTIVE = /^\s*eslint-disable(?:-next-line|-line)?(?=\s|$)([\s\S]*)$/;
const SEPARATOR = /\s-{2,}\s/;

/** @type {import('eslint').Rule.RuleModule} */
const disableReasons = {
  meta: {
    type: 'suggestion',
    docs: { description: 'An eslint-disable comment names its rules and gives its reason after --.' },
    messages: {
      noRule: 'Name the rules this comment turns off: a bare eslint-disable turns every rule off.',
      noReason: 'Say why after the rules: `eslint-disable-next-line <rule> -- <reason>`.',
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const directive = DIRECTIVE.exec(comment.value);
          if (!directive) continue;
          const [rules, ...reason] = (directive[1] ?? '').split(SEPARATOR);
          const loc = comment.loc ?? undefined;
          if (!rules?.trim()) context.report({ loc: /** @type {any} */ (loc), messageId: 'noRule' });
          else if (reason.join(' ').trim() === '') context.report({ loc: /** @type {any} */ (loc), messageId: 'noReason' });
        }
      },
    };
  },
};

export default { rules: { 'disable-reasons': disableReasons } };

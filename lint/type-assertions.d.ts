/** Types of lint/type-assertions.js, for its unit test. */
import type { Rule } from 'eslint';

declare const plugin: { rules: { 'no-dangerous-type-assertions': Rule.RuleModule } };
export default plugin;
